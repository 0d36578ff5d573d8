/**
 * Batches: which protocol versions take them, and that a request the same batch cancels is left
 * out, so that nothing waits for its answer.
 */

import assert from "node:assert/strict";
import { batchRefusal, withoutCancelled } from "./batch.ts";

const ping = (id: unknown) => ({ jsonrpc: "2.0", id, method: "ping" });
const cancel = (requestId: unknown) => ({
  jsonrpc: "2.0",
  method: "notifications/cancelled",
  params: { requestId },
});
const initialize = (protocolVersion: string) => ({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion, capabilities: {}, clientInfo: { name: "c", version: "1" } },
});

function request(version?: string): Request {
  const headers: Record<string, string> = version ? { "mcp-protocol-version": version } : {};
  return new Request("http://127.0.0.1/mcp", { method: "POST", headers });
}

Deno.test("2025-03-26 takes batches: named by the header, by initialize, or assumed", () => {
  assert.equal(batchRefusal(request("2025-03-26"), [ping(1)]), undefined);
  assert.equal(batchRefusal(request(), [ping(1)]), undefined);
  assert.equal(batchRefusal(request(), [initialize("2025-03-26")]), undefined);
});

Deno.test("2025-06-18 and later refuse a batch with -32600, whichever way the version is named", async () => {
  const refusals = [
    batchRefusal(request("2025-06-18"), [ping(1)]),
    batchRefusal(request("2025-11-25"), [ping(1)]),
    batchRefusal(request("2026-07-28"), [ping(1)]),
    batchRefusal(request(), [initialize("2025-06-18")]),
    batchRefusal(request("2025-06-18"), [initialize("2025-03-26")]),
  ];
  for (const refusal of refusals) {
    assert.ok(refusal);
    assert.equal(refusal.status, 400);
    const { error, id } = await refusal.json();
    assert.equal(error.code, -32600);
    assert.match(error.message, /^Invalid request: JSON-RPC batches are part of MCP 2025-03-26/);
    assert.equal(id, null);
  }
});

Deno.test("requests the batch cancels are left out; everything else stays as sent", () => {
  const batch = [ping(1), ping("1"), cancel(1), ping(2), { jsonrpc: "2.0", id: 1, result: {} }];
  assert.deepEqual(withoutCancelled(batch), [
    ping("1"),
    cancel(1),
    ping(2),
    { jsonrpc: "2.0", id: 1, result: {} },
  ]);
  const untouched = [ping(1), cancel(3), cancel({ id: 1 }), "odd", null];
  assert.deepEqual(withoutCancelled(untouched), [
    ping(1),
    cancel(3),
    cancel({ id: 1 }),
    "odd",
    null,
  ]);
  const plain = [ping(1), ping(2)];
  assert.equal(withoutCancelled(plain), plain);
});
