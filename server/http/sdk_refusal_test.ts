/**
 * The SDK's real refusals of 2026-07-28 requests, answered in the server's own words: which
 * refusal it is comes from its code and data, the header a mismatch is about from the request,
 * and nothing the client sent is repeated unless it is a plain version token.
 */

import assert from "node:assert/strict";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { createMcpServer } from "../mcp_server.ts";
import { ownRefusal } from "./sdk_refusal.ts";

const MARKER = "Zq7Marker";
const sdk = createMcpHandler(() => createMcpServer({ cacheScope: "public" }), { legacy: "reject" });

/** A 2026-07-28 request for `method` with the standard headers, changed by `headers`. */
function modern(
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string | null> = {},
  version = "2026-07-28",
) {
  const message = {
    jsonrpc: "2.0",
    id: 7,
    method,
    params: {
      ...params,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": version,
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  };
  const sent = new Headers({
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": version,
    "mcp-method": method,
  });
  for (const [name, value] of Object.entries(headers)) {
    if (value === null) sent.delete(name);
    else sent.set(name, value);
  }
  return {
    request: new Request("http://127.0.0.1/mcp", { method: "POST", headers: sent }),
    message,
  };
}

/** What the client reads: the SDK's answer to `exchange`, in the server's words. */
async function answered({ request, message }: ReturnType<typeof modern>) {
  const response = await sdk.fetch(request, { parsedBody: message });
  const own = await ownRefusal(response, request, message);
  const text = await own.text();
  assert.ok(!text.includes(MARKER), `the answer repeats what the client sent: ${text}`);
  return { status: own.status, body: JSON.parse(text) };
}

Deno.test("a header mismatch names the header, found from the request, and repeats nothing", async () => {
  const cases: [ReturnType<typeof modern>, string][] = [
    [modern("tools/list", {}, { "mcp-protocol-version": null }), "MCP-Protocol-Version"],
    [modern("tools/list", {}, { "mcp-method": null }), "Mcp-Method"],
    [modern("tools/list", {}, { "mcp-method": `tools/${MARKER}` }), "Mcp-Method"],
    [
      modern("tools/call", { name: "render_results", arguments: {} }, { "mcp-name": MARKER }),
      "Mcp-Name",
    ],
  ];
  for (const [exchange, header] of cases) {
    const { status, body } = await answered(exchange);
    assert.equal(status, 400, header);
    assert.deepEqual(body, {
      jsonrpc: "2.0",
      error: {
        code: -32020,
        message: `Header mismatch: the ${header} header must be sent and match the body.`,
      },
      id: 7,
    });
  }
});

Deno.test("an unsupported version gets the supported ones, and the requested one if a token", async () => {
  const plain = await answered(modern("tools/list", {}, {}, "2099-01-01"));
  assert.equal(plain.status, 400);
  assert.equal(plain.body.error.code, -32022);
  assert.equal(
    plain.body.error.message,
    "Unsupported protocol version: the server speaks 2026-07-28.",
  );
  assert.deepEqual(plain.body.error.data, { supported: ["2026-07-28"], requested: "2099-01-01" });
  const odd = await answered(modern("tools/list", {}, {}, `2099 ${MARKER}`));
  assert.deepEqual(odd.body.error.data, { supported: ["2026-07-28"] });
});

Deno.test("a missing envelope key gets the keys a request carries, and the SDK's data", async () => {
  const exchange = modern("tools/list");
  delete (exchange.message.params._meta as Record<string, unknown>)[
    "io.modelcontextprotocol/clientCapabilities"
  ];
  const { status, body } = await answered(exchange);
  assert.equal(status, 400);
  assert.equal(body.error.code, -32602);
  assert.match(body.error.message, /^Invalid params: a 2026-07-28 request carries _meta with /);
  assert.ok(body.error.data.envelope !== undefined);
});

Deno.test("an answer that is no refusal is passed on as the SDK gave it", async () => {
  const { request, message } = modern("tools/list");
  const response = await sdk.fetch(request, { parsedBody: message });
  assert.equal(await ownRefusal(response, request, message), response);
});
