import assert from "node:assert/strict";
import { Deadlines } from "../deadlines.ts";
import { ConnectionOutput } from "./connection_output.ts";
import { ConnectionGone } from "./input_buffer.ts";

/** A connected pair of TCP connections on loopback. */
async function pair(): Promise<[Deno.TcpConn, Deno.TcpConn]> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const [client, server] = await Promise.all([
    Deno.connect({ hostname: "127.0.0.1", port: listener.addr.port }),
    listener.accept(),
  ]);
  listener.close();
  return [client, server];
}

Deno.test("writes go out whole; a refusal is sent and the connection closed", async () => {
  const [client, server] = await pair();
  const output = new ConnectionOutput(server, new Deadlines(10), 1_000);
  await output.write(new TextEncoder().encode("first "));
  await output.refuse(400, "Bad request: no.");
  assert.ok(output.closed);
  const text = await new Response(client.readable).text();
  assert.match(text, /^first HTTP\/1\.1 400 Bad Request\r\n[^]*\r\n\r\nBad request: no\.\n$/);
  await assert.rejects(output.write(new Uint8Array(1)), ConnectionGone);
});

Deno.test("a client that does not read is cut off at the write deadline", async () => {
  const [client, server] = await pair();
  const output = new ConnectionOutput(server, new Deadlines(10), 100);
  // More than the socket buffers take: the write waits for a reader that never comes.
  await assert.rejects(output.write(new Uint8Array(64 * 1024 * 1024)), ConnectionGone);
  assert.ok(output.closed);
  client.close();
});
