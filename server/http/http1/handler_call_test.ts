import assert from "node:assert/strict";
import { callHandler } from "./handler_call.ts";
import { parseHead } from "./request_head.ts";
import { hasWholeBody } from "../whole_body.ts";

const INFO = {
  remoteAddr: { transport: "tcp" as const, hostname: "127.0.0.1", port: 1 },
  completed: Promise.resolve(),
};

Deno.test("the handler gets a Request with the whole body inside, on the listener's origin", async () => {
  const head = parseHead(["POST /mcp?x HTTP/1.1", "Host: client.example", "Content-Length: 2"], 10);
  let seen: { url: string; host: string | null; whole: boolean; body: string } | undefined;
  const response = await callHandler(
    {
      origin: "http://127.0.0.1:8000",
      handler: async (request, info) => {
        seen = {
          url: request.url,
          host: request.headers.get("host"),
          whole: hasWholeBody(request),
          body: await request.text(),
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
    whole: true,
    body: "hi",
  });
});

Deno.test("GET carries no body, and a handler that throws is answered 500 in plain text", async () => {
  const head = parseHead(["GET / HTTP/1.1", "Host: a", "Content-Length: 2"], 10);
  // Seen here and asserted after: what the handler throws is the listener's to answer.
  let seen: { body: ReadableStream | null; whole: boolean } | undefined;
  const response = await callHandler(
    {
      origin: "http://127.0.0.1:8000",
      handler: (request) => {
        seen = { body: request.body, whole: hasWholeBody(request) };
        throw new Error("boom");
      },
    },
    head,
    new TextEncoder().encode("hi"),
    INFO,
  );
  assert.deepEqual(seen, { body: null, whole: false }, "a GET is made without its body, unmarked");
  assert.equal(response.status, 500);
  assert.equal(response.headers.get("content-type"), "text/plain; charset=utf-8");
  assert.doesNotMatch(await response.text(), /boom/);
});
