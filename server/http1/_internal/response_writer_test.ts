import assert from "node:assert/strict";
import { type AnswerContext, OutputBuffers, writeResponse } from "./response_writer.ts";

async function written(response: Response, context: Partial<AnswerContext> = {}) {
  const parts: string[] = [];
  const kept = await writeResponse(
    response,
    { method: "GET", minorVersion: 1, keepAlive: true, ...context },
    (bytes) => {
      parts.push(new TextDecoder().decode(bytes));
      return Promise.resolve();
    },
    new OutputBuffers(),
  );
  return { text: parts.join(""), kept };
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

Deno.test("output buffers are reused, small ones only", () => {
  const buffers = new OutputBuffers();
  const first = buffers.take(100);
  buffers.give(first);
  assert.equal(buffers.take(50), first);
  const large = buffers.take(300_000);
  buffers.give(large);
  assert.notEqual(buffers.take(300_000), large);
});
