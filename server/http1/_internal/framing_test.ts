import assert from "node:assert/strict";
import { framingOf } from "./framing.ts";
import { HttpError } from "./syntax.ts";

const MAX = 1000;
const of = (contentLength: string[], transferEncoding: string[] = [], minorVersion = 1) =>
  framingOf({ contentLength, transferEncoding }, minorVersion, MAX);
const refused = (status: number, ...args: Parameters<typeof of>) =>
  assert.throws(
    () => of(...args),
    (error: unknown) => error instanceof HttpError && error.status === status,
    JSON.stringify(args),
  );

Deno.test("Content-Length is one decimal number; equal values fold into one", () => {
  assert.deepEqual(of([]), { length: 0 });
  assert.deepEqual(of(["12"]), { length: 12 });
  assert.deepEqual(of(["012"]), { length: 12 });
  assert.deepEqual(of(["5, 5"]), { length: 5 });
  assert.deepEqual(of(["5", "5"]), { length: 5 });
  for (const value of ["", "+5", "-5", "0x5", "5 5", "5.0", "5,", "5, 6", "\xa05"]) {
    refused(400, [value]);
  }
  refused(400, ["5", "6"]);
  refused(413, ["1001"]);
  refused(413, ["99999999999999999999"]);
});

Deno.test("Transfer-Encoding is chunked, last and once, on HTTP/1.1, without Content-Length", () => {
  assert.deepEqual(of([], ["chunked"]), { chunked: true });
  assert.deepEqual(of([], ["Chunked"]), { chunked: true });
  refused(400, ["3"], ["chunked"]);
  refused(400, [], ["chunked"], 0);
  refused(400, [], ["chunked, gzip"]);
  refused(400, [], ["chunked", "chunked"]);
  refused(400, [], ["chunked\x0b"]);
  refused(400, [], [""]);
  refused(501, [], ["gzip"]);
  refused(501, [], ["gzip, chunked"]);
});
