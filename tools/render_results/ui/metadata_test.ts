/**
 * The facts (date, author, site) the view reads from a result's metadata.
 */

import assert from "node:assert/strict";
import { readFacts } from "./metadata.ts";

Deno.test("readFacts takes the first non-blank string of each fact's keys", () => {
  assert.deepEqual(
    readFacts({
      date: "2020-01-01",
      publishedAt: "2026-01-26T10:00:00Z",
      byline: "By Ada",
      author: "Ada Lovelace",
      source: "web",
      site_name: "Deno Blog",
    }),
    { published: "2026-01-26T10:00:00Z", author: "Ada Lovelace", site: "Deno Blog" },
  );
  assert.deepEqual(readFacts({ published_at: "2026-01-26", publishedDate: "2025-01-01" }), {
    published: "2026-01-26",
  });
  assert.deepEqual(
    readFacts({ published: 1_767_225_600, author: { name: "Ada" }, byline: " ", siteName: "" }),
    {},
    "numbers, objects and blank strings are ignored",
  );
  assert.deepEqual(readFacts({ author: "  Grace Hopper \n" }), { author: "Grace Hopper" });
  for (const value of [undefined, null, "text", 3, ["author"]]) {
    assert.deepEqual(readFacts(value), {}, String(value));
  }
});
