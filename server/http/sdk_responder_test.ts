/**
 * The MCP step with the SDK's responder: a parsed body answered by a fresh server in its era, a
 * batch answered at once without the requests it cancels, and an exchange given up when the
 * deadline passes.
 */

import assert from "node:assert/strict";
import { serveMcp } from "./mcp_responder.ts";
import { SdkResponder } from "./sdk_responder.ts";
import { type RequestContext, runSteps } from "./steps.ts";

const sdk = new SdkResponder({ cacheScope: "public" });
const HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

function context(message: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
  const request = new Request("http://127.0.0.1/mcp", {
    method: "POST",
    headers: { ...HEADERS, ...headers },
  });
  const url = new URL(request.url);
  return {
    request,
    url,
    message,
    signal: signal ?? new AbortController().signal,
  } as RequestContext;
}

Deno.test("a 2026-07-28 request and a 2025 one are each answered in their era", async () => {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  const modern = await runSteps(
    [serveMcp(sdk)],
    context(
      { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: meta } },
      { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" },
    ),
  );
  const listed = await modern.json();
  assert.equal(listed.result.tools[0].name, "render_results");
  assert.equal(listed.result.resultType, "complete");
  const legacy = await runSteps(
    [serveMcp(sdk)],
    context({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
  );
  const answer = await legacy.json();
  assert.equal(answer.result.tools[0].name, "render_results");
  assert.equal(answer.result.resultType, undefined);
});

Deno.test("a batch is answered without the request it cancels", async () => {
  const batch = [
    { jsonrpc: "2.0", id: 1, method: "ping" },
    { jsonrpc: "2.0", id: 2, method: "ping" },
    { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
  ];
  const response = await runSteps([serveMcp(sdk)], context(batch));
  assert.deepEqual(await response.json(), { jsonrpc: "2.0", id: 2, result: {} });
});

Deno.test("the exchange is given up with the deadline's reason when it passes", async () => {
  const controller = new AbortController();
  const reason = new DOMException("The request deadline passed.", "TimeoutError");
  controller.abort(reason);
  await assert.rejects(
    runSteps(
      [serveMcp(sdk)],
      context({ jsonrpc: "2.0", id: 1, method: "ping" }, {}, controller.signal),
    ),
    (error) => error === reason,
  );
});
