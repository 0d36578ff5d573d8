/**
 * The built view resource.
 */

import assert from "node:assert/strict";
import { VIEW_HTML } from "../view.ts";
import { gzipSize, languageCosts, MAX_BYTES, MAX_GZIP_BYTES } from "./build.ts";
import { TABLES } from "./languages.ts";

Deno.test("the built resource is one small self-contained document", async () => {
  const html = VIEW_HTML;
  const bytes = new TextEncoder().encode(html);
  assert.ok(bytes.length <= MAX_BYTES);
  assert.ok(await gzipSize(bytes) <= MAX_GZIP_BYTES);
  assert.equal(html.match(/<script\b/g)?.length, 1);
  assert.equal(html.match(/<\/script/g)?.length, 1);
  assert.doesNotMatch(html, /<script[^>]+src=|<link\b|<img\b/i, "no external script or link");
  const css = html.match(/<style>(.*)<\/style>/s)?.[1] ?? "";
  assert.doesNotMatch(css, /@import|url\(/i, "the style sheet fetches nothing");
  assert.doesNotMatch(html, /\beval\(|new Function\b/, "nothing the default CSP forbids");
});

Deno.test("the build says what each language's messages cost", async () => {
  const costs = await languageCosts();
  assert.deepEqual(costs.map((cost) => cost.language), [...Object.keys(TABLES), "all"]);
  const all = costs.pop()!;
  for (const { language, bytes, gzipped } of costs) {
    const texts = TABLES[language].flatMap((message) =>
      typeof message === "string" ? [message] : Object.values(message)
    );
    const textBytes = new TextEncoder().encode(texts.join("")).length;
    // The texts, each quoted, with commas, brackets and plural categories between them.
    assert.ok(bytes > textBytes + 2 * texts.length, language);
    assert.ok(bytes < textBytes + 12 * texts.length, language);
    assert.ok(gzipped > 0 && gzipped < bytes, language);
  }
  assert.equal(all.bytes, costs.reduce((sum, cost) => sum + cost.bytes, 0));
  assert.ok(all.gzipped < all.bytes / 2);
  assert.ok(costs.every((cost) => cost.gzipped < all.gzipped / 4));
});
