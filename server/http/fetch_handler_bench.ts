/**
 * The web layer's work per request (`deno task bench:micro`): the whole fetch handler, on the
 * request as the server's own listener hands it over, beside the group's baseline, which parses
 * the same request and answers the same bytes with `Response.json` as a bare `Deno.serve` would.
 * One call at a time: the socket, the listener's writes and a loaded server's contention are the
 * load bench's (`deno task bench`).
 * @module
 */

import { receive } from "@render-results/http1/testing";
import { longResults } from "render-results-mcp/testing";
import { readConfig } from "../config.ts";
import { createFetchHandler } from "./fetch_handler.ts";

const encoder = new TextEncoder();
const MODERN = "2026-07-28";
const call = (id: string, args: unknown, meta?: unknown) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "render_results", arguments: args, ...(meta ? { _meta: meta } : {}) },
  });
const sources = { title: "Sources", results: longResults(50) };
const REQUESTS: [group: string, body: string, headers: string][] = [
  ["50 results, ASCII", call("a", sources), ""],
  [
    "50 results, ASCII, MCP 2026-07-28",
    call("m", sources, {
      "io.modelcontextprotocol/protocolVersion": MODERN,
      "io.modelcontextprotocol/clientCapabilities": {},
    }),
    `MCP-Protocol-Version: ${MODERN}\r\nMcp-Method: tools/call\r\nMcp-Name: render_results\r\n`,
  ],
  ["0 results", call("z", { results: [] }), ""],
  ["tools/list", JSON.stringify({ jsonrpc: "2.0", id: "l", method: "tools/list" }), ""],
];

// Request logs would write to this process's stderr: their cost is measured under load.
const handle = await createFetchHandler(readConfig(new Map([["LOG_LEVEL", "warn"]])));

/** A whole request as a client sends it: the head, then `body` as UTF-8. */
function wire(body: string, headers: string): Uint8Array {
  const content = encoder.encode(body);
  const head = encoder.encode(
    "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nContent-Type: application/json\r\n" +
      `Accept: application/json, text/event-stream\r\n${headers}` +
      `Content-Length: ${content.byteLength}\r\n\r\n`,
  );
  const bytes = new Uint8Array(head.byteLength + content.byteLength);
  bytes.set(head);
  bytes.set(content, head.byteLength);
  return bytes;
}

for (const [group, body, headers] of REQUESTS) {
  const bytes = wire(body, headers);
  const answer = await (await handle(await receive(bytes))).json();
  if (!("result" in answer)) throw new Error(`${group} is not answered: ${JSON.stringify(answer)}`);
  Deno.bench("bare: parse, answer the same bytes", { group, baseline: true }, async () => {
    const { id } = await (await receive(bytes)).json();
    await Response.json({ ...answer, id }).arrayBuffer();
  });
  Deno.bench("the fetch handler", { group }, async () => {
    await (await handle(await receive(bytes))).arrayBuffer();
  });
}
