/**
 * Reading the bearer token of an `Authorization` header (RFC 6750, section 2.1): absent, present,
 * or present but malformed.
 */

import assert from "node:assert/strict";
import { bearerToken, MAX_TOKEN_LENGTH } from "./bearer.ts";

Deno.test("a request without bearer credentials has no token", () => {
  for (const header of [null, "", "Basic dXNlcjpwYXNz", "Bearerish abc", "Token abc", "Digest x"]) {
    assert.equal(bearerToken(header), undefined, String(header));
  }
});

Deno.test("the token after the scheme is read, in any case, with spaces around it", () => {
  assert.equal(bearerToken("Bearer abc.DEF-ghi_~+/"), "abc.DEF-ghi_~+/");
  assert.equal(bearerToken("bearer key-1=="), "key-1==");
  assert.equal(bearerToken("BEARER   spaced   "), "spaced");
});

Deno.test("bearer credentials that are malformed are invalid, not absent", () => {
  const malformed = [
    "Bearer",
    "Bearer ",
    "Bearer two words",
    "Bearer a,b",
    'Bearer "quoted"',
    "Bearer =abc",
    "Bearer ab=c",
    "Bearer tab\tx",
    "Bearer é",
  ];
  for (const header of malformed) assert.equal(bearerToken(header), null, header);
});

Deno.test("a token longer than the limit is invalid without further work", () => {
  const longest = "a".repeat(MAX_TOKEN_LENGTH);
  assert.equal(bearerToken(`Bearer ${longest}`), longest);
  assert.equal(bearerToken(`Bearer ${longest}a`), null);
});
