/**
 * The URL rules decided on the string give the answer the parsers give: for every URL the tool's
 * generated arguments hold, and for URLs built from pieces near the shortcut's edges (case,
 * punycode, numbers, ports, userinfo, backslashes, non-ASCII and invisible characters).
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { parsedUrlProblem, urlProblem } from "./url.ts";
import { cases, option } from "./testing.ts";

/** Every string URL in generated arguments, valid or not. */
function urlsOf(args: unknown): string[] {
  const results = (args as { results?: unknown })?.results;
  if (!Array.isArray(results)) return [];
  return results.map((item) => item?.url).filter((url) => typeof url === "string");
}

const piece = (...values: string[]) => fc.constantFrom(...values);
const label = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,8}$/),
  piece(
    "xn--bcher-kva",
    "xn--",
    "xn--zz",
    "XN--bcher-kva",
    "0x7f",
    "0",
    "255",
    "1e3",
    "a".repeat(70),
  ),
  piece("Example", "bücher", "例え", "ex%41mple", "a_b", "a b", "a\u00ad", "", "*"),
);
const hostUrl = fc.tuple(
  piece(
    "http://",
    "https://",
    "HTTP://",
    "hTtPs://",
    "http:/",
    "http:///",
    "ftp://",
    "https:\\\\",
    "",
  ),
  piece("", "user@", "user:pass@", "@", ":@"),
  fc.array(label, { minLength: 1, maxLength: 4 }),
  piece("", ".", ":", ":80", ":065535", ":65536", ":x", "\\", "@evil.example", "]"),
  piece("", "/", "/a/b?c=d#e", "?q", "#f", "/ x", "/\t", "/é", "/\u200b", "/\ufeff", "/%zz", "\\x"),
).map(([scheme, userinfo, labels, after, tail]) =>
  `${scheme}${userinfo}${labels.join(".")}${after}${tail}`
);

Deno.test("the shortcut decides every generated URL as the parsers do", () => {
  fc.assert(
    fc.property(fc.oneof(cases.map(({ args }) => urlsOf(args)), fc.array(hostUrl)), (urls) => {
      for (const url of urls) assert.equal(urlProblem(url), parsedUrlProblem(url), url);
    }),
    { numRuns: option("runs") ?? 10_000, seed: option("seed") },
  );
});

Deno.test("plain URLs pass, and the forms next to them get the parsers' answer", () => {
  const urls = [
    "https://example.com/",
    "http://a-b.c0.example?x#y",
    "https://xn--bcher-kva.de/",
    "https://xn--zz.example/",
    "https://example.1/",
    "https://1.2.3.4/",
    "https://0x7f.1/",
    "https://a..b/",
    "https://example.com./",
    "https://Example.com/",
    "https://example.com:443/",
    "https://user@example.com/",
    "https://example.com\\@evil.example/",
    "https://example.com/a b",
  ];
  for (const url of urls) assert.equal(urlProblem(url), parsedUrlProblem(url), url);
  assert.equal(urlProblem("https://example.com/"), undefined);
  assert.equal(urlProblem("https://xn--zz.example/"), "must be an absolute http or https URL");
  assert.equal(urlProblem("https://1.2.3.999/"), "must be an absolute http or https URL");
});
