import assert from "node:assert/strict";
import { refusal, statusLine } from "./status_text.ts";

Deno.test("a status line names the status's reason phrase", () => {
  assert.equal(statusLine(431), "HTTP/1.1 431 Request Header Fields Too Large\r\n");
  assert.equal(statusLine(299), "HTTP/1.1 299 Unknown\r\n");
});

Deno.test("a refusal is plain text with its length, and closes the connection", () => {
  const text = new TextDecoder().decode(
    refusal(503, "Service unavailable: retry shortly.", "retry-after: 1\r\n"),
  );
  const [head, body] = text.split("\r\n\r\n");
  assert.equal(body, "Service unavailable: retry shortly.\n");
  assert.deepEqual(head.split("\r\n"), [
    "HTTP/1.1 503 Service Unavailable",
    "retry-after: 1",
    "connection: close",
    "content-type: text/plain; charset=utf-8",
    `content-length: ${body.length}`,
  ]);
});
