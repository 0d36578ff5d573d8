/**
 * A canary for `docs/decisions/own_http1_listener.md`: `deno task start` runs the server's own
 * HTTP/1.1 listener because `Deno.serve` holds a half-sent request head for as long as a client
 * likes. This test fails on the day `Deno.serve` bounds it as tightly as the server's own head
 * deadline, which is when that decision is to be revisited.
 */

import assert from "node:assert/strict";
import { readConfig } from "../server/config.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The server's own deadline for a request's head, by default. */
const HEAD_DEADLINE_MS = readConfig(new Map()).limits.headersTimeoutMs;

Deno.test("Deno.serve still waits past the server's head deadline for the rest of a head", async () => {
  await using server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response("answered"),
  );
  using connection = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
  await connection.write(encoder.encode("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
  // The pause is what is tested: as long as the server's own listener would wait, and a second.
  await new Promise((resolve) => setTimeout(resolve, HEAD_DEADLINE_MS + 1_000));
  await connection.write(encoder.encode("Connection: close\r\n\r\n"));
  let answer = "";
  const buffer = new Uint8Array(4096);
  for (let read; (read = await connection.read(buffer)) !== null;) {
    answer += decoder.decode(buffer.subarray(0, read), { stream: true });
  }
  assert.match(
    answer,
    /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nanswered$/,
    "Deno.serve no longer waits for a slow head: revisit docs/decisions/own_http1_listener.md",
  );
});
