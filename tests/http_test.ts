/**
 * The web layer in front of /mcp as an HTTP client sees it: methods, paths, body size, JSON,
 * Origin and Host checks, and the stateless protocol.
 */

import assert from "node:assert/strict";
import {
  createSigningKey,
  signToken,
  startAuthorizationServer,
} from "./support/authorization_server.ts";
import { createTestServer, type TestServer } from "./support/http_server.ts";
import { JSON_RPC_HEADERS, logLines, MCP_ACCEPT, postJsonRpc } from "./support/mcp_http.ts";
import { projectCommand, runToExit } from "./support/server_process.ts";

const listTools = { jsonrpc: "2.0", id: 1, method: "tools/list" };

function post(server: TestServer, body: string, headers: Record<string, string> = {}) {
  return postJsonRpc(server.fetch, server.url, body, headers);
}

Deno.test("POST /mcp answers without a session, in JSON", async () => {
  await using server = await createTestServer();
  const response = await post(server, JSON.stringify(listTools));
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
  assert.equal(response.headers.get("mcp-session-id"), null);
  const body = await response.json();
  assert.equal(body.result.tools[0].name, "render_results");
});

Deno.test("GET and DELETE on /mcp get 405", async () => {
  await using server = await createTestServer();
  for (const method of ["GET", "DELETE", "PUT"]) {
    const response = await server.fetch(server.url, { method, headers: { accept: MCP_ACCEPT } });
    assert.equal(response.status, 405, method);
    assert.match(response.headers.get("allow") ?? "", /POST/);
    await response.body?.cancel();
  }
});

Deno.test("other paths get 404 and /healthz gets 200", async () => {
  await using server = await createTestServer();
  const missing = await server.fetch(new URL("/other", server.url));
  assert.equal(missing.status, 404);
  await missing.body?.cancel();
  const health = await server.fetch(new URL("/healthz", server.url));
  assert.equal(health.status, 200);
  assert.deepEqual(await health.json(), { status: "ok" });
});

Deno.test("a body over the cap gets 413 before it is parsed", async () => {
  await using server = await createTestServer();
  const big = JSON.stringify({ ...listTools, params: { pad: "x".repeat(1024 * 1024) } });
  const declared = await post(server, big);
  assert.equal(declared.status, 413);
  assert.equal((await declared.json()).error.code, -32000);

  // Streamed without a Content-Length: the cap applies while reading.
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < 20) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const streamed = await server.fetch(server.url, {
    method: "POST",
    headers: JSON_RPC_HEADERS,
    body: stream,
  });
  assert.equal(streamed.status, 413);
  await streamed.body?.cancel();
});

Deno.test("a call with 64 KiB of escaped arguments fits under the body cap", async () => {
  await using server = await createTestServer();
  // Each "\u0041" is six bytes on the wire for one byte of arguments.
  const note = "\\u0041".repeat(60_000);
  const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"render_results",` +
    `"arguments":{"results":[{"title":"A","url":"https://a.example/","metadata":{"n":"${note}"}}]}}}`;
  const response = await post(server, body);
  assert.equal(response.status, 200);
  assert.equal((await response.json()).result.structuredContent.total, 1);
});

Deno.test("malformed JSON gets 400 with JSON-RPC -32700", async () => {
  await using server = await createTestServer();
  const secret = "Zq7Marker";
  const response = await post(server, `{"jsonrpc":"2.0",${secret}`);
  assert.equal(response.status, 400);
  const body = await response.json();
  assert.equal(body.error.code, -32700);
  assert.equal(body.id, null);
  assert.ok(!JSON.stringify(body).includes(secret));
});

Deno.test("Origin: none and localhost pass, others are forbidden", async () => {
  await using server = await createTestServer();
  for (const origin of ["http://localhost:6274", "http://127.0.0.1", "https://[::1]:3000"]) {
    const response = await post(server, JSON.stringify(listTools), { origin });
    assert.equal(response.status, 200, origin);
    assert.equal(response.headers.get("access-control-allow-origin"), origin);
    await response.body?.cancel();
  }
  for (const origin of ["https://evil.example", "null", "http://localhost.evil.example"]) {
    const response = await post(server, JSON.stringify(listTools), { origin });
    assert.equal(response.status, 403, origin);
    assert.equal(response.headers.get("access-control-allow-origin"), null);
    await response.body?.cancel();
  }
});

Deno.test("MCP_ALLOWED_ORIGINS adds origins", async () => {
  await using server = await createTestServer({
    MCP_ALLOWED_ORIGINS: "https://app.example, https://other.example:8443",
  });
  for (const origin of ["https://app.example", "https://other.example:8443"]) {
    const response = await post(server, JSON.stringify(listTools), { origin });
    assert.equal(response.status, 200, origin);
    await response.body?.cancel();
  }
  const denied = await post(server, JSON.stringify(listTools), {
    origin: "https://other.example",
  });
  assert.equal(denied.status, 403);
  await denied.body?.cancel();
});

Deno.test("a foreign Host gets 403 unless allowed, a malformed one 400", async () => {
  await using server = await createTestServer({ MCP_ALLOWED_HOSTS: "mcp.internal" });
  const statusFor = async (host: string) => {
    const response = await post(server, JSON.stringify(listTools), { host });
    await response.body?.cancel();
    return response.status;
  };
  assert.equal(await statusFor("127.0.0.1:8000"), 200);
  assert.equal(await statusFor("localhost:8000"), 200);
  assert.equal(await statusFor("[::1]"), 200);
  assert.equal(await statusFor("mcp.internal:443"), 200);
  assert.equal(await statusFor("evil.example"), 403);
  assert.equal(await statusFor("evil.example:8000"), 403);
  assert.equal(await statusFor("localhost.evil.example"), 403);
  assert.equal(await statusFor("evil example"), 400);
  assert.equal(await statusFor("user@127.0.0.1"), 400);
});

Deno.test("the Host is checked on every path, before the path is looked at", async () => {
  await using server = await createTestServer({
    MCP_PUBLIC_URL: "https://mcp.example.test",
    MCP_AUTH_ISSUER: "https://auth.example.test",
  });
  for (const path of ["/healthz", "/other", "/.well-known/oauth-protected-resource/mcp"]) {
    const url = new URL(path, server.url);
    const foreign = await server.fetch(url, { headers: { host: "evil.example" } });
    assert.equal(foreign.status, 403, path);
    assert.equal((await foreign.json()).error.code, -32000);
    const malformed = await server.fetch(url, { headers: { host: "evil example" } });
    assert.equal(malformed.status, 400, path);
    await malformed.body?.cancel();
    const allowed = await server.fetch(url, { headers: { host: "mcp.example.test" } });
    assert.notEqual(allowed.status, 403, path);
    await allowed.body?.cancel();
  }
});

Deno.test("loopback origins pass only on a loopback Host", async () => {
  await using server = await createTestServer({ MCP_ALLOWED_HOSTS: "mcp.internal" });
  const origin = "http://localhost:6274";
  const loopback = await post(server, JSON.stringify(listTools), { origin });
  assert.equal(loopback.status, 200);
  await loopback.body?.cancel();
  const remote = await post(server, JSON.stringify(listTools), { origin, host: "mcp.internal" });
  assert.equal(remote.status, 403);
  await remote.body?.cancel();
});

Deno.test("a notification gets 202 with no body", async () => {
  await using server = await createTestServer();
  const notification = await post(
    server,
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  );
  assert.equal(notification.status, 202);
  await notification.body?.cancel();
});

Deno.test("a request that cannot be answered in time gets 503 and the server goes on", async () => {
  // The JWKS never answers, so verifying the token outlasts the request's deadline.
  const key = await createSigningKey("ES256", "es-1");
  await using issuer = startAuthorizationServer([key]);
  issuer.stalled = true;
  await using server = await createTestServer({
    MCP_PUBLIC_URL: "https://mcp.example.test",
    MCP_AUTH_ISSUER: issuer.issuer,
    MCP_AUTH_JWKS_URL: issuer.jwksUrl,
    MCP_REQUEST_TIMEOUT_MS: "200",
  });
  const token = await signToken({
    key,
    claims: { iss: issuer.issuer, aud: "https://mcp.example.test/mcp", sub: "user-1" },
  });
  const slow = await post(server, JSON.stringify(listTools), { authorization: `Bearer ${token}` });
  assert.equal(slow.status, 503);
  assert.equal(slow.headers.get("retry-after"), "1");
  const body = await slow.json();
  assert.equal(body.error.code, -32603);
  assert.equal(body.id, null);
  assert.match(body.error.message, /^Request timeout: no answer within 200 ms/);
  const health = await server.fetch(new URL("/healthz", server.url));
  assert.equal(health.status, 200);
  await health.body?.cancel();
});

Deno.test("a body that does not arrive within the deadline gets 408 and a close", async () => {
  await using server = await createTestServer({ MCP_REQUEST_TIMEOUT_MS: "200" });
  const stalled = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"jsonrpc":"2.0",'));
    },
  });
  const response = await server.fetch(server.url, {
    method: "POST",
    headers: JSON_RPC_HEADERS,
    body: stalled,
  });
  assert.equal(response.status, 408);
  assert.equal(response.headers.get("connection"), "close");
  assert.deepEqual((await response.json()).error, {
    code: -32000,
    message: "Request timeout: the body did not arrive in time.",
  });
});

Deno.test("a bad setting stops the server at start-up with a message naming it", async () => {
  const { code, stderr } = await runToExit(projectCommand({ PORT: "eighty" }));
  assert.equal(code, 1);
  assert.ok(stderr.trim().split("\n").every((line) => line.startsWith("{")), stderr);
  assert.deepEqual(logLines(stderr).map(({ level, message }) => ({ level, message })), [
    { level: "error", message: "PORT must be a whole number from 0 to 65,535." },
  ]);
});
