/**
 * CORS for browser-based MCP clients on a remote deployment: preflight, the headers a browser
 * needs to send a token and read a challenge, and refusal of other origins.
 * @module
 */

import assert from "node:assert/strict";
import {
  createSigningKey,
  signToken,
  startAuthorizationServer,
} from "./support/authorization_server.ts";
import { createTestServer, type TestServer } from "./support/http_server.ts";
import { postJsonRpc } from "./support/mcp_http.ts";

const APP = "https://app.example.test";
const SCOPE = "mcp:tools";
const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

/** A remote deployment: not bound to loopback, so only MCP_ALLOWED_ORIGINS are allowed. */
const REMOTE = {
  MCP_PUBLIC_URL: "https://mcp.example.test",
  MCP_ALLOWED_ORIGINS: APP,
  LOG_LEVEL: "off",
};

function preflight(server: TestServer, origin: string): Promise<Response> {
  return server.fetch(server.url, {
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers":
        "authorization, content-type, mcp-protocol-version, mcp-method, mcp-name",
    },
  });
}

function post(server: TestServer, headers: Record<string, string>): Promise<Response> {
  return postJsonRpc(server.fetch, server.url, TOOLS_LIST, headers);
}

/** The header's comma-separated items, lowercased. */
function items(response: Response, name: string): string[] {
  return (response.headers.get(name) ?? "").split(",").map((item) => item.trim().toLowerCase());
}

Deno.test("an allowed origin's preflight gets the methods and headers an MCP client sends", async () => {
  await using server = await createTestServer(REMOTE);
  const response = await preflight(server, APP);
  await response.body?.cancel();
  assert.equal(response.status, 204);
  assert.equal(response.headers.get("access-control-allow-origin"), APP);
  assert.ok(items(response, "access-control-allow-methods").includes("post"));
  for (
    const header of [
      "authorization",
      "content-type",
      "mcp-protocol-version",
      "mcp-method",
      "mcp-name",
    ]
  ) {
    assert.ok(items(response, "access-control-allow-headers").includes(header), header);
  }
  assert.ok(items(response, "vary").includes("origin"));
});

Deno.test("other origins get 403 without CORS headers, preflight or not", async () => {
  await using server = await createTestServer(REMOTE);
  for (const origin of ["https://evil.example", "http://localhost.evil.example", "null"]) {
    for (
      const response of [
        await preflight(server, origin),
        await post(server, { Origin: origin }),
      ]
    ) {
      await response.body?.cancel();
      assert.equal(response.status, 403, origin);
      assert.equal(response.headers.get("access-control-allow-origin"), null, origin);
    }
  }
});

Deno.test("an allowed origin can read the answer and its WWW-Authenticate header", async () => {
  await using server = await createTestServer(REMOTE);
  const response = await post(server, { Origin: APP });
  assert.equal(response.status, 200);
  await response.body?.cancel();
  assert.equal(response.headers.get("access-control-allow-origin"), APP);
  assert.ok(items(response, "access-control-expose-headers").includes("www-authenticate"));
  assert.equal(response.headers.get("access-control-allow-credentials"), null);
});

Deno.test("with auth on, preflight needs no token and 401/403 challenges carry CORS", async () => {
  const key = await createSigningKey("ES256", "es-1");
  await using issuer = startAuthorizationServer([key]);
  await using server = await createTestServer({
    ...REMOTE,
    MCP_AUTH_ISSUER: issuer.issuer,
    MCP_AUTH_SCOPES: SCOPE,
  });
  const allowed = await preflight(server, APP);
  await allowed.body?.cancel();
  assert.equal(allowed.status, 204);
  assert.equal(allowed.headers.get("access-control-allow-origin"), APP);

  const tokenFor = (scope: string) =>
    signToken({
      key,
      claims: { iss: issuer.issuer, aud: `${REMOTE.MCP_PUBLIC_URL}/mcp`, sub: "user-1", scope },
    });
  const unscoped = await tokenFor("profile");
  const answers = [
    [401, await post(server, { Origin: APP })],
    [403, await post(server, { Origin: APP, Authorization: `Bearer ${unscoped}` })],
  ] as const;
  for (const [status, response] of answers) {
    await response.body?.cancel();
    assert.equal(response.status, status);
    assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer /);
    assert.equal(response.headers.get("access-control-allow-origin"), APP);
    assert.ok(items(response, "access-control-expose-headers").includes("www-authenticate"));
  }

  // The Origin check comes first: a good token does not let a foreign page in.
  const scoped = await tokenFor(SCOPE);
  const foreign = await post(server, {
    Origin: "https://evil.example",
    Authorization: `Bearer ${scoped}`,
  });
  await foreign.body?.cancel();
  assert.equal(foreign.status, 403);
  assert.equal(foreign.headers.get("access-control-allow-origin"), null);
  const own = await post(server, { Origin: APP, Authorization: `Bearer ${scoped}` });
  await own.body?.cancel();
  assert.equal(own.status, 200);
  assert.equal(own.headers.get("access-control-allow-origin"), APP);
});
