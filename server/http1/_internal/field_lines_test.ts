import assert from "node:assert/strict";
import { parseFieldLine, parseFields } from "./field_lines.ts";
import { HttpError } from "./syntax.ts";

Deno.test("a field line is a token, a colon, and a value trimmed of SP and HTAB", () => {
  assert.deepEqual(parseFieldLine("X-Name:\t value with  spaces \t"), [
    "X-Name",
    "value with  spaces",
  ]);
  assert.deepEqual(parseFieldLine("X:"), ["X", ""]);
  assert.deepEqual(parseFieldLine("X: caf\xe9"), ["X", "caf\xe9"]);
});

Deno.test("malformed field lines get 400", () => {
  const bad = ["X : a", " X: a", "\tX: a", ": a", "X", 'X"Y: a', "X: a\x01", "X: a\x7f", "X:\x0ba"];
  for (const line of bad) {
    assert.throws(
      () => parseFieldLine(line),
      (error: unknown) => error instanceof HttpError && error.status === 400,
      JSON.stringify(line),
    );
  }
});

Deno.test("the fields that decide framing, Host, keep-alive and Expect are gathered", () => {
  const fields = parseFields([
    "POST / HTTP/1.1",
    "Host: a",
    "content-length: 3",
    "Content-Length: 3",
    "Connection: keep-alive, Upgrade",
    "Expect: 100-continue",
    "X: y",
  ]);
  assert.deepEqual(fields.contentLength, ["3", "3"]);
  assert.deepEqual(fields.hosts, ["a"]);
  assert.deepEqual(fields.connection, ["keep-alive", "Upgrade"]);
  assert.equal(fields.expect, "100-continue");
  assert.equal(fields.headers.length, 6);
  assert.deepEqual(fields.headers.at(-1), ["X", "y"]);
});
