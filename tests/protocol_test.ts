/**
 * The protocol on the wire, as raw HTTP: MCP 2026-07-28 (discovery, per-request `_meta`, the
 * standard headers, caching hints, its error codes) and the `initialize` handshake of every
 * earlier version still served, in plain JSON.
 */

import assert from "node:assert/strict";
import { createTestServer, type TestServer } from "./support/http_server.ts";
import { postJsonRpc, sha256Hex } from "./support/mcp_http.ts";
import denoJson from "../deno.json" with { type: "json" };

const MODERN = "2026-07-28";
const META = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
};
const SERVER_INFO = { name: "render-results", title: "Render results", version: denoJson.version };

interface RpcAnswer {
  status: number;
  contentType: string | null;
  body: {
    id?: unknown;
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: unknown };
  };
}

/** POSTs `body` to `url` with the standard headers plus `headers`, and reads the JSON answer. */
async function post(
  server: TestServer,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RpcAnswer> {
  const response = await postJsonRpc(server.fetch, server.url, body, headers);
  const contentType = response.headers.get("content-type");
  return { status: response.status, contentType, body: await response.json() };
}

/** A 2026-07-28 request: `_meta` in the params, the standard headers from the body. */
function modern(
  server: TestServer,
  id: number,
  method: string,
  params: Record<string, unknown> = {},
) {
  const name = typeof params.name === "string"
    ? params.name
    : typeof params.uri === "string"
    ? params.uri
    : undefined;
  return post(server, { jsonrpc: "2.0", id, method, params: { ...params, _meta: META } }, {
    "mcp-protocol-version": MODERN,
    "mcp-method": method,
    ...(name === undefined ? {} : { "mcp-name": name }),
  });
}

Deno.test("server/discover names the versions, capabilities, MCP Apps, identity and instructions", async () => {
  await using server = await createTestServer();
  const { status, contentType, body } = await modern(server, 1, "server/discover");
  assert.equal(status, 200);
  assert.match(contentType ?? "", /^application\/json/);
  assert.equal(body.id, 1);
  const result = body.result!;
  assert.deepEqual(result.supportedVersions, [MODERN]);
  assert.deepEqual(result.capabilities, {
    tools: {},
    resources: {},
    extensions: { "io.modelcontextprotocol/ui": {} },
  });
  assert.deepEqual(result._meta, { "io.modelcontextprotocol/serverInfo": SERVER_INFO });
  assert.match(result.instructions as string, /render_results/);
  assert.equal(result.ttlMs, 3_600_000);
  assert.equal(result.cacheScope, "public");
});

Deno.test("cacheable results carry caching hints: lists for an hour, the view for a day", async () => {
  await using server = await createTestServer();
  const tools = await modern(server, 1, "tools/list");
  assert.deepEqual([tools.body.result!.ttlMs, tools.body.result!.cacheScope], [
    3_600_000,
    "public",
  ]);
  const resources = await modern(server, 2, "resources/list");
  const listed = resources.body.result!;
  assert.deepEqual([listed.ttlMs, listed.cacheScope], [3_600_000, "public"]);
  const templates = await modern(server, 3, "resources/templates/list");
  assert.deepEqual(templates.body.result!.resourceTemplates, []);
  assert.deepEqual([templates.body.result!.ttlMs, templates.body.result!.cacheScope], [
    3_600_000,
    "public",
  ]);
  const [view] = listed.resources as { uri: string }[];
  const read = await modern(server, 4, "resources/read", { uri: view.uri });
  assert.deepEqual([read.body.result!.ttlMs, read.body.result!.cacheScope], [86_400_000, "public"]);

  // 2025-era answers have no caching fields.
  const legacy = await post(server, { jsonrpc: "2.0", id: 5, method: "tools/list" });
  assert.equal(legacy.status, 200);
  assert.equal("ttlMs" in legacy.body.result!, false);
  assert.equal("cacheScope" in legacy.body.result!, false);
});

Deno.test("with auth on, cached results are private to each caller", async () => {
  const key = "a-test-api-key";
  await using server = await createTestServer({
    MCP_PUBLIC_URL: "https://mcp.example.test",
    MCP_API_KEYS_SHA256: await sha256Hex(key),
  });
  const body = { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } };
  const { status, body: answer } = await post(server, body, {
    authorization: `Bearer ${key}`,
    "mcp-protocol-version": MODERN,
    "mcp-method": "tools/list",
  });
  assert.equal(status, 200);
  assert.equal(answer.result!.cacheScope, "private");
});

Deno.test("the standard headers must be present and match the body; whitespace around them is fine", async () => {
  await using server = await createTestServer();
  const list = { jsonrpc: "2.0", id: 7, method: "tools/list", params: { _meta: META } };
  const version = { "mcp-protocol-version": MODERN };

  const missing = await post(server, list, version);
  assert.equal(missing.status, 400);
  assert.equal(missing.body.error!.code, -32020);
  assert.equal(missing.body.id, 7);

  const mismatch = await post(server, list, { ...version, "mcp-method": "prompts/list" });
  assert.equal(mismatch.status, 400);
  assert.equal(mismatch.body.error!.code, -32020);
  assert.equal(mismatch.body.id, 7);

  const padded = await post(server, list, { ...version, "mcp-method": "  tools/list  " });
  assert.equal(padded.status, 200);
  assert.equal((padded.body.result!.tools as unknown[]).length, 1);

  const call = {
    jsonrpc: "2.0",
    id: 8,
    method: "tools/call",
    params: { name: "render_results", arguments: { results: [] }, _meta: META },
  };
  const callHeaders = { ...version, "mcp-method": "tools/call" };
  const noName = await post(server, call, callHeaders);
  assert.equal(noName.status, 400);
  assert.equal(noName.body.error!.code, -32020);
  const wrongName = await post(server, call, { ...callHeaders, "mcp-name": "search" });
  assert.equal(wrongName.body.error!.code, -32020);
  const paddedName = await post(server, call, {
    ...callHeaders,
    "mcp-name": " render_results\t",
  });
  assert.equal(paddedName.status, 200);
  assert.equal((paddedName.body.result!.structuredContent as { total: number }).total, 0);
});

Deno.test("per-request _meta: protocol version and client capabilities required, client info optional", async () => {
  await using server = await createTestServer();
  const headers = { "mcp-protocol-version": MODERN, "mcp-method": "tools/list" };
  const send = (meta: Record<string, unknown>) =>
    post(
      server,
      { jsonrpc: "2.0", id: 3, method: "tools/list", params: { _meta: meta } },
      headers,
    );

  const noCapabilities = await send({ "io.modelcontextprotocol/protocolVersion": MODERN });
  assert.equal(noCapabilities.status, 400);
  assert.equal(noCapabilities.body.error!.code, -32602);
  assert.equal(noCapabilities.body.id, 3);

  const noVersion = await send({ "io.modelcontextprotocol/clientCapabilities": {} });
  assert.equal(noVersion.status, 400);
  assert.equal(noVersion.body.id, 3);

  const withInfo = await send({
    ...META,
    "io.modelcontextprotocol/clientInfo": { name: "probe", version: "1.0.0" },
  });
  assert.equal(withInfo.status, 200);
  assert.equal((await send(META)).status, 200);
});

Deno.test("an unsupported version is refused with the versions the server speaks", async () => {
  await using server = await createTestServer();
  const meta = { ...META, "io.modelcontextprotocol/protocolVersion": "2099-01-01" };
  const { status, body } = await post(
    server,
    { jsonrpc: "2.0", id: "v", method: "tools/list", params: { _meta: meta } },
    { "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/list" },
  );
  assert.equal(status, 400);
  assert.equal(body.id, "v");
  assert.equal(body.error!.code, -32022);
  assert.deepEqual(body.error!.data, { supported: [MODERN], requested: "2099-01-01" });
});

Deno.test("2026-07-28 errors carry the request id: invalid arguments, unknown tool, unknown method", async () => {
  await using server = await createTestServer();
  const invalid = await modern(server, 11, "tools/call", {
    name: "render_results",
    arguments: { results: [{ title: "Zq7Marker", url: "ftp://Zq7Marker.example/" }] },
  });
  assert.equal(invalid.body.id, 11);
  assert.equal(invalid.body.error!.code, -32602);
  assert.equal(
    invalid.body.error!.message,
    "Invalid results[0].url: must be an absolute http or https URL.",
  );
  assert.ok(!JSON.stringify(invalid.body).includes("Zq7Marker"));

  const unknownTool = await modern(server, 12, "tools/call", { name: "search", arguments: {} });
  assert.equal(unknownTool.body.id, 12);
  assert.equal(unknownTool.body.error!.code, -32602);

  const unknownMethod = await modern(server, 13, "prompts/list");
  assert.equal(unknownMethod.status, 404);
  assert.equal(unknownMethod.body.id, 13);
  assert.equal(unknownMethod.body.error!.code, -32601);

  const removed = await modern(server, 14, "ping");
  assert.equal(removed.status, 404);
  assert.equal(removed.body.error!.code, -32601);
});

Deno.test("an unknown resource is -32602 with its URI in data (SEP-2164)", async () => {
  await using server = await createTestServer();
  const uri = "ui://render-results/view-missing.html";
  const { body } = await modern(server, 21, "resources/read", { uri });
  assert.equal(body.id, 21);
  assert.equal(body.error!.code, -32602);
  assert.deepEqual(body.error!.data, { uri });
  assert.equal(body.error!.message, "Resource not found: list resources for the view's URI.");
});

for (const version of ["2025-11-25", "2025-06-18", "2025-03-26"]) {
  Deno.test(`a ${version} client initializes and calls the tool, answered in plain JSON`, async () => {
    await using server = await createTestServer();
    const init = await post(server, {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: version,
        capabilities: {},
        clientInfo: { name: "legacy-client", version: "1.0.0" },
      },
    });
    assert.equal(init.status, 200);
    assert.match(init.contentType ?? "", /^application\/json/);
    assert.equal(init.body.result!.protocolVersion, version);
    assert.deepEqual(init.body.result!.serverInfo, SERVER_INFO);

    const headers = { "mcp-protocol-version": version };
    const initialized = await postJsonRpc(
      server.fetch,
      server.url,
      { jsonrpc: "2.0", method: "notifications/initialized" },
      headers,
    );
    assert.equal(initialized.status, 202);
    await initialized.body?.cancel();

    const call = await post(server, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "render_results", arguments: { results: [] } },
    }, headers);
    assert.equal(call.status, 200);
    assert.match(call.contentType ?? "", /^application\/json/);
    assert.deepEqual(call.body.result, {
      content: [{ type: "text", text: "Results\n\nNo results to display." }],
      structuredContent: { title: "Results", total: 0, results: [] },
      isError: false,
    });

    const invalid = await post(server, {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "render_results", arguments: {} },
    }, headers);
    assert.equal(invalid.body.id, 3);
    assert.deepEqual(invalid.body.error, {
      code: -32602,
      message: "Invalid results: is required.",
    });
  });
}

const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" });
const cancel = (requestId: number) => ({
  jsonrpc: "2.0",
  method: "notifications/cancelled",
  params: { requestId, reason: "no longer needed" },
});

Deno.test("a 2025-03-26 batch is answered, with or without the version header", async () => {
  await using server = await createTestServer();
  const versioned: Record<string, string> = { "mcp-protocol-version": "2025-03-26" };
  for (const headers of [versioned, {}]) {
    const answer = await post(server, [ping(1), ping(2)], headers);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, [
      { jsonrpc: "2.0", id: 1, result: {} },
      { jsonrpc: "2.0", id: 2, result: {} },
    ]);
  }
});

Deno.test("a batch is answered at once without the requests it cancels", async () => {
  // The deadline is the default 30 s: a batch that waited for its cancelled ping would get 503.
  await using server = await createTestServer();
  const headers = { "mcp-protocol-version": "2025-03-26" };
  const onlyCancelled = await postJsonRpc(server.fetch, server.url, [ping(1), cancel(1)], headers);
  assert.equal(onlyCancelled.status, 202);
  assert.equal(await onlyCancelled.text(), "");
  const answer = await post(server, [cancel(1), ping(1), ping(2)], headers);
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body, { jsonrpc: "2.0", id: 2, result: {} });
});

Deno.test("a batch is refused with -32600 where its protocol version has none", async () => {
  await using server = await createTestServer();
  const refused = {
    jsonrpc: "2.0",
    error: {
      code: -32600,
      message: "Invalid request: JSON-RPC batches are part of MCP 2025-03-26 only; " +
        "send one message per POST.",
    },
    id: null,
  };
  for (const version of ["2025-06-18", "2025-11-25", MODERN]) {
    const answer = await post(server, [ping(1), cancel(1)], { "mcp-protocol-version": version });
    assert.equal(answer.status, 400, version);
    assert.deepEqual(answer.body, refused, version);
  }
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "c", version: "1" },
    },
  };
  const answer = await post(server, [initialize]);
  assert.equal(answer.status, 400);
  assert.deepEqual(answer.body, refused);
  const modern = await post(server, [{ ...ping(1), params: { _meta: META } }]);
  assert.equal(modern.status, 400);
  assert.equal(modern.body.error!.code, -32600);
});
