/**
 * Which URLs become links, and the host shown for each.
 */

import assert from "node:assert/strict";
import { displayHost, linkHref } from "./url.ts";

Deno.test("linkHref accepts only absolute http: and https: URLs", () => {
  assert.equal(linkHref("https://example.com/a?b#c"), "https://example.com/a?b#c");
  assert.equal(linkHref("http://example.com"), "http://example.com/");
  for (const url of ["javascript:alert(1)", "data:text/html,x", "ftp://x.org/", "/relative", ""]) {
    assert.equal(linkHref(url), undefined, url);
  }
  assert.equal(linkHref("https://"), undefined, "a URL still being streamed");
});

Deno.test("displayHost drops a leading www. and nothing else", () => {
  assert.equal(displayHost("https://www.example.com/x"), "example.com");
  assert.equal(displayHost("https://docs.www.example.com/"), "docs.www.example.com");
  assert.equal(displayHost("https://wwwexample.com/"), "wwwexample.com");
  assert.equal(displayHost("not a url"), "");
});
