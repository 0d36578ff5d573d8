/**
 * The stdio transport: one message a line, errors for lines that are too long or not JSON-RPC,
 * and the session going on after them.
 */

import assert from "node:assert/strict";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { LineTransport } from "./stdio_transport.ts";

const encoder = new TextEncoder();

/**
 * Feeds `chunks` to a transport that answers every request with an empty result, and returns
 * what it received and what it wrote besides those answers once it closed.
 */
async function run(chunks: string[], maxLineBytes?: number) {
  const input = ReadableStream.from(chunks.map((chunk) => encoder.encode(chunk)));
  const written: string[] = [];
  const output = new WritableStream<Uint8Array>({
    write(chunk) {
      written.push(new TextDecoder().decode(chunk));
    },
  });
  const transport = new LineTransport(input, output, maxLineBytes);
  const received: JSONRPCMessage[] = [];
  const closed = new Promise<void>((resolve) => transport.onclose = resolve);
  transport.onmessage = (message) => {
    received.push(message);
    if ("method" in message && "id" in message) {
      transport.send({ jsonrpc: "2.0", id: message.id!, result: {} });
    }
  };
  await transport.start();
  await closed;
  const lines = written.join("").split("\n").filter(Boolean).map((line) => JSON.parse(line));
  return { received, written: lines.filter((line) => !("result" in line)) };
}

Deno.test("reads one message a line, across chunk boundaries and CRLF endings", async () => {
  const { received, written } = await run([
    '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0",',
    '"id":2,"method":"tools/list"}\r\n\n',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
  ]);
  assert.deepEqual(received, [
    { jsonrpc: "2.0", id: 1, method: "ping" },
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
    { jsonrpc: "2.0", method: "notifications/initialized" },
  ]);
  assert.deepEqual(written, []);
});

Deno.test("answers a line over the cap, invalid JSON or a non-message, and goes on", async () => {
  const long = "x".repeat(100);
  const { received, written } = await run([
    `{"big":"${long.slice(0, 40)}`,
    `${long}"}\nnot json Zq7Marker\n{"Zq7Marker":1}\n`,
    '{"jsonrpc":"2.0","id":3,"method":"ping"}\n',
  ], 64);
  assert.deepEqual(received, [{ jsonrpc: "2.0", id: 3, method: "ping" }]);
  assert.deepEqual(written, [
    {
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Invalid request: a line may be at most 64 bytes." },
    },
    {
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: "Parse error: the line is not valid JSON." },
    },
    {
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Invalid request: the line is not a JSON-RPC message." },
    },
  ]);
});

Deno.test("a line exactly at the cap is read", async () => {
  const message = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  const { received, written } = await run([`${message}\n`], message.length);
  assert.equal(received.length, 1);
  assert.deepEqual(written, []);
});

Deno.test("writes what it sends as one line a message, in order", async () => {
  const written: string[] = [];
  const transport = new LineTransport(
    ReadableStream.from<Uint8Array>([]),
    new WritableStream({ write: (chunk) => void written.push(new TextDecoder().decode(chunk)) }),
  );
  await Promise.all([
    transport.send({ jsonrpc: "2.0", id: 1, result: {} }),
    transport.send({ jsonrpc: "2.0", id: 2, result: { text: "a\nb" } }),
  ]);
  assert.deepEqual(written, [
    '{"jsonrpc":"2.0","id":1,"result":{}}\n',
    '{"jsonrpc":"2.0","id":2,"result":{"text":"a\\nb"}}\n',
  ]);
});

Deno.test("when the input ends, requests already read are answered before it closes", async () => {
  const written: string[] = [];
  const transport = new LineTransport(
    ReadableStream.from([encoder.encode('{"jsonrpc":"2.0","id":"a","method":"ping"}\n')]),
    new WritableStream({ write: (chunk) => void written.push(new TextDecoder().decode(chunk)) }),
  );
  const closed = new Promise<void>((resolve) => transport.onclose = resolve);
  transport.onmessage = (message) => {
    // The answer comes after the input has ended.
    setTimeout(
      () => transport.send({ jsonrpc: "2.0", id: (message as { id: string }).id, result: {} }),
      50,
    );
  };
  await transport.start();
  await closed;
  assert.deepEqual(written, ['{"jsonrpc":"2.0","id":"a","result":{}}\n']);
});

Deno.test("finish stops reading and closes once the requests read are answered", async () => {
  const written: string[] = [];
  let cancelled = false;
  // An input that stays open, as a client's stdin does while it waits for answers.
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('{"jsonrpc":"2.0","id":"a","method":"ping"}\n'));
    },
    cancel: () => void (cancelled = true),
  });
  const transport = new LineTransport(
    input,
    new WritableStream({ write: (chunk) => void written.push(new TextDecoder().decode(chunk)) }),
  );
  const received: unknown[] = [];
  const read = Promise.withResolvers<void>();
  let closed = false;
  transport.onclose = () => closed = true;
  transport.onmessage = (message) => {
    received.push(message);
    read.resolve();
    setTimeout(
      () => transport.send({ jsonrpc: "2.0", id: (message as { id: string }).id, result: {} }),
      50,
    );
  };
  await transport.start();
  await read.promise;
  assert.equal(transport.pending, 1);
  await transport.finish();
  // The answer, sent 50 ms after the stop began, was waited for.
  assert.deepEqual(written, ['{"jsonrpc":"2.0","id":"a","result":{}}\n']);
  assert.ok(cancelled, "the input is no longer read");
  assert.ok(closed);
  assert.equal(received.length, 1);
});
