import assert from "node:assert/strict";
import { parseHost, parseTarget } from "./request_target.ts";
import { HttpError } from "./syntax.ts";

Deno.test("origin-form targets keep their path and query", () => {
  assert.deepEqual(parseTarget("GET", "/mcp?x=1&y=%20"), {
    path: "/mcp?x=1&y=%20",
    asterisk: false,
  });
});

Deno.test("absolute-form targets give their path and their authority", () => {
  assert.deepEqual(parseTarget("POST", "http://Example.com:8080/mcp?q"), {
    path: "/mcp?q",
    authority: "Example.com:8080",
    asterisk: false,
  });
  assert.deepEqual(parseTarget("GET", "HTTPS://[::1]"), {
    path: "/",
    authority: "[::1]",
    asterisk: false,
  });
  assert.equal(parseTarget("GET", "http://a?x").path, "/?x");
});

Deno.test("the asterisk-form is for OPTIONS only", () => {
  assert.deepEqual(parseTarget("OPTIONS", "*"), { path: "/", asterisk: true });
  assert.throws(() => parseTarget("GET", "*"), HttpError);
});

Deno.test("targets with controls, whitespace, backslashes, fragments or bad hosts are refused", () => {
  const bad = [
    "/mc\tp",
    "/x\\..\\mcp",
    "/a\x00",
    "/a\r",
    "/a#b",
    "/%zz",
    "/\xe9",
    "mcp",
    "http://",
    "http:///x",
    "http://u@a/",
    "http://a b/",
    "ftp://a/",
    "http://a:x/",
    "a:443",
  ];
  for (const target of bad) {
    assert.throws(
      () => parseTarget("GET", target),
      (error: unknown) => error instanceof HttpError && error.status === 400,
      JSON.stringify(target),
    );
  }
  // `//` is an absolute path of two empty segments: valid, whatever the application makes of it.
  assert.equal(parseTarget("GET", "//").path, "//");
});

Deno.test("a Host value is a host with an optional port, or empty", () => {
  for (const host of ["a", "a.example:80", "127.0.0.1:8000", "[::1]", "[::1]:1", "a_b", ""]) {
    assert.notEqual(parseHost(host), undefined, host);
  }
  for (const host of ["a b", "a/b", "u@a", "a:8x", "[::1", "[zz]", "a\\b", "a?"]) {
    assert.equal(parseHost(host), undefined, host);
  }
});

Deno.test("a Host value is taken apart at the port's colon, an IP literal's kept whole", () => {
  assert.deepEqual(parseHost("a.example:80"), { hostname: "a.example", port: "80" });
  assert.deepEqual(parseHost("a.example:"), { hostname: "a.example", port: "" });
  assert.deepEqual(parseHost("[::1]"), { hostname: "[::1]" });
  assert.deepEqual(parseHost("[::1]:8000"), { hostname: "[::1]", port: "8000" });
  assert.deepEqual(parseHost("[v1.x]"), { hostname: "[v1.x]" });
});
