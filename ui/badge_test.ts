/**
 * The site badge: its letter and hue.
 */

import assert from "node:assert/strict";
import { siteBadge } from "./badge.ts";

Deno.test("siteBadge takes its letter from the site's name and its hue from the host", () => {
  assert.deepEqual(
    siteBadge("docs.deno.com", "", "Title"),
    siteBadge("docs.deno.com", "", "Other"),
  );
  assert.equal(siteBadge("docs.deno.com", "", "x").letter, "D");
  assert.equal(siteBadge("www.bbc.co.uk", "", "x").letter, "B");
  assert.equal(siteBadge("example.com.au", "", "x").letter, "E");
  assert.equal(siteBadge("localhost", "", "x").letter, "L");
  assert.equal(siteBadge("example.com", "Deno Docs", "x").letter, "D", "the name shown wins");
  assert.equal(
    siteBadge("example.com", "Deno Docs", "x").hue,
    siteBadge("example.com", "", "x").hue,
    "one host, one colour",
  );
  assert.equal(siteBadge("xn--r8jz45g.jp", "", "例え").letter, "例", "punycode: the title's");
  assert.equal(siteBadge("", "", "«ßeta»").letter, "S");
  assert.equal(siteBadge("", "", "…").letter, "#");
  const hues = new Set(
    ["a.com", "b.com", "c.org", "deno.com", "preactjs.com"].map((host) =>
      siteBadge(host, "", "").hue
    ),
  );
  assert.equal(hues.size, 5, "different hosts, different hues");
  for (const hue of hues) assert.ok(Number.isInteger(hue) && hue >= 0 && hue < 360);
});
