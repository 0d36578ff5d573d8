/**
 * The built view resource.
 */

import assert from "node:assert/strict";
import { buildView, gzipSize, MAX_BYTES, MAX_GZIP_BYTES, OUTPUT } from "./build.ts";

Deno.test("the built resource is one small self-contained document", async () => {
  const html = await Deno.readTextFile(OUTPUT).catch(() => buildView());
  assert.equal(MAX_BYTES, 40 * 1024);
  assert.equal(MAX_GZIP_BYTES, 16 * 1024);
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
