import assert from "node:assert/strict";
import { byteSource } from "../_test_utils.ts";
import { ByteBudget } from "./byte_budget.ts";
import { InputBuffer } from "./input_buffer.ts";
import { parseHead, readHead } from "./request_head.ts";
import { HttpError } from "./syntax.ts";

const status = (status: number) => (error: unknown) =>
  error instanceof HttpError && error.status === status;

Deno.test("a head gives method, target, version, headers, framing and what the client asks", () => {
  const head = parseHead([
    "POST /mcp HTTP/1.1",
    "Host: a",
    "Content-Length: 2",
    "Expect: 100-Continue",
  ], 10);
  assert.equal(head.method, "POST");
  assert.equal(head.target.path, "/mcp");
  assert.equal(head.minorVersion, 1);
  assert.deepEqual(head.framing, { length: 2 });
  assert.equal(head.keepAlive, true);
  assert.equal(head.expectsContinue, true);
  assert.deepEqual(head.headers[0], ["Host", "a"]);
});

Deno.test("keep-alive is HTTP/1.1's default, and HTTP/1.0's only when asked", () => {
  assert.equal(parseHead(["GET / HTTP/1.1", "Host: a", "Connection: Close"], 0).keepAlive, false);
  assert.equal(parseHead(["GET / HTTP/1.0"], 0).keepAlive, false);
  assert.equal(parseHead(["GET / HTTP/1.0", "Connection: Keep-Alive"], 0).keepAlive, true);
  // HTTP/1.0 has no 100 Continue: the expectation is ignored.
  assert.equal(parseHead(["GET / HTTP/1.0", "Expect: 100-continue"], 0).expectsContinue, false);
});

Deno.test("an absolute-form target's authority replaces Host", () => {
  const head = parseHead(["GET http://b:1/x HTTP/1.1", "host: a", "X: y"], 0);
  assert.deepEqual(head.headers, [["Host", "b:1"], ["X", "y"]]);
});

Deno.test("methods are case-sensitive tokens; versions are 1.0 and 1.1; Host is one and valid", () => {
  assert.throws(() => parseHead(["post / HTTP/1.1", "Host: a"], 0), status(501));
  assert.throws(() => parseHead(["TRACE / HTTP/1.1", "Host: a"], 0), status(501));
  assert.throws(() => parseHead(["G@T / HTTP/1.1", "Host: a"], 0), status(400));
  assert.throws(() => parseHead(["GET / HTTP/1.1 x", "Host: a"], 0), status(400));
  assert.throws(() => parseHead(["GET /", "Host: a"], 0), status(400));
  assert.throws(() => parseHead(["GET / HTTP/1.2", "Host: a"], 0), status(505));
  assert.throws(() => parseHead(["GET / HTTP/11", "Host: a"], 0), status(400));
  assert.throws(() => parseHead(["GET / HTTP/1.1"], 0), status(400));
  assert.throws(() => parseHead(["GET / HTTP/1.1", "Host: a", "Host: a"], 0), status(400));
  assert.throws(() => parseHead(["GET / HTTP/1.0", "Host: a b"], 0), status(400));
  assert.throws(() => parseHead(["GET / HTTP/1.1", "Host: a", "Expect: x"], 0), status(417));
});

Deno.test("a head is read line by line however it arrives, empty lines before it skipped", async () => {
  const input = new InputBuffer(
    byteSource(["\r\n", "GET / HT", "TP/1.1\r", "\nHost: a\r\n", "\r", "\nnext"]),
    new ByteBudget(0),
  );
  const head = await readHead(input, 100, 0);
  assert.equal(head.headBytes, "GET / HTTP/1.1\r\nHost: a\r\n\r\n".length);
  assert.equal(head.headers.length, 1);
  assert.equal(input.buffered, 4);
});

Deno.test("a head over its limit gets 431, and a bare LF 400 before the head is complete", async () => {
  const long = new InputBuffer(
    byteSource([`GET / HTTP/1.1\r\nX: ${"a".repeat(200)}`]),
    new ByteBudget(1 << 20),
  );
  await assert.rejects(readHead(long, 100, 0), status(431));
  const bare = new InputBuffer(byteSource(["GET / HTTP/1.1\nHost: a"]), new ByteBudget(0));
  await assert.rejects(readHead(bare, 100, 0), status(400));
});
