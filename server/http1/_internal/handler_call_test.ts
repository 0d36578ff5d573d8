import assert from "node:assert/strict";
import { callHandler } from "./handler_call.ts";
import { receivedBody } from "./received_request.ts";
import { parseHead } from "./request_head.ts";

const INFO = {
  remoteAddr: { transport: "tcp" as const, hostname: "127.0.0.1", port: 1 },
  completed: Promise.resolve(),
};
const decoder = new TextDecoder();

Deno.test("the handler gets the request with its whole content, on the listener's origin", async () => {
  const head = parseHead(["POST /mcp?x HTTP/1.1", "Host: client.example", "Content-Length: 2"], 10);
  let seen: { url: string; host: string | null; content: string; text: string } | undefined;
  const response = await callHandler(
    {
      origin: "http://127.0.0.1:8000",
      handler: async (request, info) => {
        seen = {
          url: request.url,
          host: request.headers.get("host"),
          content: decoder.decode(receivedBody(request)),
          text: await request.text(),
        };
        assert.equal(info, INFO);
        return new Response("ok");
      },
    },
    head,
    new TextEncoder().encode("hi"),
    INFO,
  );
  assert.equal(await response.text(), "ok");
  assert.deepEqual(seen, {
    url: "http://127.0.0.1:8000/mcp?x",
    host: "client.example",
    content: "hi",
    text: "hi",
  });
});

Deno.test("GET carries no content, and a handler that throws is answered 500 in plain text", async () => {
  const head = parseHead(["GET / HTTP/1.1", "Host: a", "Content-Length: 2"], 10);
  // Seen here and asserted after: what the handler throws is the listener's to answer.
  let seen: { content?: Uint8Array; body: ReadableStream | null } | undefined;
  const response = await callHandler(
    {
      origin: "http://127.0.0.1:8000",
      handler: (request) => {
        seen = { content: receivedBody(request), body: request.body };
        throw new Error("boom");
      },
    },
    head,
    new TextEncoder().encode("hi"),
    INFO,
  );
  assert.deepEqual(
    seen,
    { content: new Uint8Array(0), body: null },
    "a GET is handed on without its body",
  );
  assert.equal(response.status, 500);
  assert.equal(response.headers.get("content-type"), "text/plain; charset=utf-8");
  assert.doesNotMatch(await response.text(), /boom/);
});
