/**
 * Filtering the results by what their cards show.
 */

import assert from "node:assert/strict";
import { resultItem } from "./testing.ts";
import { filterResults } from "./filter.ts";

const ITEMS = [
  resultItem(1, {
    title: "Deno 2.0 release notes",
    url: "https://deno.com/blog/v2.0",
    text: "Backwards compatible with Node and npm.",
    metadata: { author: "Ryan Dahl", siteName: "Deno Blog" },
  }),
  resultItem(2, { title: "Preact", url: "https://preactjs.com/", text: "Fast 3kB React." }),
  resultItem(3, {
    title: "MCP Apps",
    url: "https://modelcontextprotocol.io/apps",
    metadata: { author: "Working group" },
  }),
];

const numbers = (query: string) => filterResults(ITEMS, query).map((item) => item.number);

Deno.test("filterResults matches title, site, snippet and author, keeping numbers", () => {
  assert.deepEqual(numbers("release"), [1], "title");
  assert.deepEqual(numbers("deno blog"), [1], "site name");
  assert.deepEqual(numbers("preactjs"), [2], "host name");
  assert.deepEqual(numbers("react"), [2], "snippet");
  assert.deepEqual(numbers("working"), [3], "author");
  assert.deepEqual(numbers("MCP"), [3], "any case");
  assert.deepEqual(numbers("  npm   node "), [1], "every word, anywhere, in any order");
  assert.deepEqual(numbers("npm preact"), [], "every word must match");
  assert.deepEqual(numbers("blog/v2"), [], "not the URL's path: it is not what the card names");
  assert.deepEqual(numbers(""), [1, 2, 3]);
  assert.deepEqual(numbers(" \t"), [1, 2, 3], "a blank query filters nothing");
  assert.equal(filterResults(ITEMS, "")[0], ITEMS[0], "the results themselves");
});
