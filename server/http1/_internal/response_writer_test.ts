import assert from "node:assert/strict";
import { type AnswerContext, OutputBuffers, writeResponse } from "./response_writer.ts";

/** The bytes written for `response`, each write as it was handed over, and the keep-alive. */
async function writes(
  response: Response,
  context: Partial<AnswerContext> = {},
  buffers = new OutputBuffers(),
) {
  const parts: Uint8Array[] = [];
  const kept = await writeResponse(
    response,
    { method: "GET", minorVersion: 1, keepAlive: true, ...context },
    (bytes) => {
      parts.push(bytes.slice());
      return Promise.resolve();
    },
    buffers,
  );
  return { parts, kept };
}

async function written(response: Response, context: Partial<AnswerContext> = {}) {
  const { parts, kept } = await writes(response, context);
  return { text: parts.map((part) => new TextDecoder().decode(part)).join(""), kept };
}

Deno.test("a whole answer is sent with its length, and its own framing headers are replaced", async () => {
  const response = new Response("hello", {
    status: 201,
    headers: { "x-a": "b", connection: "upgrade", "content-length": "99" },
  });
  const { text, kept } = await written(response);
  assert.equal(
    text,
    "HTTP/1.1 201 Created\r\ncontent-type: text/plain;charset=UTF-8\r\nx-a: b\r\n" +
      "content-length: 5\r\n\r\nhello",
  );
  assert.ok(kept);
});

Deno.test("HEAD gets the length of the body it does not get", async () => {
  const { text } = await written(new Response("hello"), { method: "HEAD" });
  assert.match(text, /content-length: 5\r\n\r\n$/);
});

Deno.test("204 has no length; closing and HTTP/1.0 keep-alive are told", async () => {
  assert.doesNotMatch((await written(new Response(null, { status: 204 }))).text, /content-length/);
  assert.match((await written(new Response("x"), { keepAlive: false })).text, /connection: close/);
  assert.match(
    (await written(new Response("x"), { minorVersion: 0 })).text,
    /connection: keep-alive/,
  );
});

Deno.test("an event stream is sent chunked, or to HTTP/1.0 until the connection closes", async () => {
  const stream = () =>
    new Response(ReadableStream.from([new TextEncoder().encode("data: 1\n\n")]), {
      headers: { "content-type": "text/event-stream" },
    });
  const chunked = await written(stream());
  assert.match(chunked.text, /transfer-encoding: chunked\r\n\r\n9\r\ndata: 1\n\n\r\n0\r\n\r\n$/);
  assert.ok(chunked.kept);
  const old = await written(stream(), { minorVersion: 0 });
  assert.match(old.text, /connection: close\r\n\r\ndata: 1\n\n$/);
  assert.equal(old.kept, false);
});

Deno.test("kept output buffers grow to the answers sent, and none kept is left unfreed", () => {
  const buffers = new OutputBuffers();
  const small = Array.from({ length: 16 }, () => buffers.take(100));
  small.forEach((buffer) => buffers.give(buffer));
  // All kept are small: a larger answer gets a new buffer, which takes a small one's place.
  const large = buffers.take(100_000);
  assert.ok(!small.includes(large));
  buffers.give(large);
  const detached = (buffer: Uint8Array) => (buffer.buffer as ArrayBuffer).detached;
  assert.equal(small.filter(detached).length, 1);
  assert.equal(buffers.take(100_000), large);
  // A buffer no larger than every kept one is freed at once.
  buffers.give(large);
  const extra = new Uint8Array(10);
  buffers.give(extra);
  assert.ok(detached(extra));
});

Deno.test("output buffers are reused, small ones only", () => {
  const buffers = new OutputBuffers();
  const first = buffers.take(100);
  buffers.give(first);
  assert.equal(buffers.take(50), first);
  const large = buffers.take(300_000);
  buffers.give(large);
  assert.notEqual(buffers.take(300_000), large);
});
