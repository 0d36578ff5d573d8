/**
 * The OAuth resource server with real keys and tokens: a local authorization server publishes
 * ES256 and RS256 keys and the server's fetch handler answers in this process. One smoke test
 * runs the server as users start it, to read what its log says of each request.
 * @module
 */

import assert from "node:assert/strict";
import type { JWTPayload } from "jose";
import {
  createSigningKey,
  hmacWithPublicKey,
  signToken,
  startAuthorizationServer,
  unsignedToken,
} from "./support/authorization_server.ts";
import {
  type Client,
  createClient,
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  type Era,
  extractWWWAuthenticateParams,
  StreamableHTTPClientTransport,
} from "./support/sdk_client.ts";
import { eventually } from "./support/eventually.ts";
import { createTestServer } from "./support/http_server.ts";
import { type Fetch, logLines, postJsonRpc, requestLines, sha256Hex } from "./support/mcp_http.ts";
import { startProject } from "./support/server_process.ts";

const SCOPE = "mcp:tools";
/** The public URL the servers under test are configured with; requests reach them on loopback. */
const PUBLIC_URL = "https://mcp.example.test";
const RESOURCE = `${PUBLIC_URL}/mcp`;
const METADATA_URL = `${PUBLIC_URL}/.well-known/oauth-protected-resource/mcp`;
const METADATA_PATHS = [
  "/.well-known/oauth-protected-resource/mcp",
  "/.well-known/oauth-protected-resource",
];
const ALLOWED_ORIGIN = "https://app.example.test";
const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
const RENDER_ARGUMENTS = { results: [{ title: "Deno", url: "https://deno.com/" }] };

/** A response as the test saw it, kept so nothing a server said escapes the leak check. */
interface Seen {
  status: number;
  headers: Headers;
  text: string;
}

/** Records every response a server gives, and counts the requests it answered. */
class Transcript {
  readonly seen: Seen[] = [];
  requests = 0;
  readonly #send: Fetch;

  /** Records what `send` (the global `fetch` unless given) answers. */
  constructor(send: Fetch = fetch) {
    this.#send = send;
  }

  /** A `fetch` that records; usable as the SDK transport's `fetch`. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await this.#send(input, init);
    this.requests++;
    const copy = response.clone();
    this.seen.push({ status: copy.status, headers: copy.headers, text: await copy.text() });
    return response;
  };

  /** POSTs `tools/list` to `url` with `headers` and returns what came back. */
  async post(url: URL, headers: Record<string, string> = {}): Promise<Seen> {
    const response = await postJsonRpc(this.fetch, url, TOOLS_LIST, {
      "MCP-Protocol-Version": "2025-11-25",
      ...headers,
    });
    await response.body?.cancel();
    return this.seen.at(-1)!;
  }

  /** Everything the server sent: statuses, headers and bodies. */
  text(): string {
    return this.seen.map(({ status, headers, text }) =>
      `${status}\n${[...headers].map(([name, value]) => `${name}: ${value}`).join("\n")}\n${text}`
    ).join("\n\n");
  }
}

/** Connects the SDK's client to `url` with `authorization`, through `transcript`. */
async function connectClient(
  url: URL,
  authorization: string,
  transcript: Transcript,
  era: Era = "modern",
): Promise<Client> {
  const client = createClient(era, "auth-test");
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { Authorization: authorization } },
      fetch: transcript.fetch,
    }),
  );
  return client;
}

/** Calls render_results once through a new SDK client that sends `authorization`. */
async function callRenderResults(url: URL, authorization: string, transcript: Transcript) {
  const client = await connectClient(url, authorization, transcript);
  try {
    return await client.callTool({ name: "render_results", arguments: RENDER_ARGUMENTS });
  } finally {
    await client.close();
  }
}

/** Asserts that no token, or part of one, is in `text`. */
function assertNoSecret(text: string, secrets: string[], where: string): void {
  for (const secret of secrets) {
    const parts = secret.includes(".") ? secret.split(".").slice(1) : [secret];
    for (const part of [secret, ...parts].filter((part) => part.length >= 16)) {
      assert.ok(!text.includes(part), `A token appears in ${where}.`);
    }
  }
}

Deno.test("a token-protected server answers each kind of request as the spec says", async (t) => {
  const es256 = await createSigningKey("ES256", "es-1");
  const rs256 = await createSigningKey("RS256", "rs-1");
  const rotated = await createSigningKey("ES256", "es-2");
  const impostor = await createSigningKey("ES256", "es-1");
  const stranger = await createSigningKey("ES256", "never-published");
  const apiKey = `key-${crypto.randomUUID()}`;
  const apiKeyHash = await sha256Hex(apiKey);
  await using issuer = startAuthorizationServer([es256, rs256]);
  await using server = await createTestServer({
    MCP_PUBLIC_URL: PUBLIC_URL,
    MCP_AUTH_ISSUER: issuer.issuer,
    MCP_AUTH_SCOPES: SCOPE,
    MCP_API_KEYS_SHA256: apiKeyHash,
    MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN,
  });
  const resource = RESOURCE;
  const metadataUrl = METADATA_URL;
  const transcript = new Transcript(server.fetch);
  const secrets = [apiKey];
  const claims = (extra: JWTPayload = {}): JWTPayload => ({
    iss: issuer.issuer,
    aud: resource,
    sub: "user-42",
    client_id: "test-client",
    scope: `${SCOPE} profile`,
    ...extra,
  });
  const keep = (token: string) => (secrets.push(token), token);
  const bearer = (token: string) => ({ Authorization: `Bearer ${keep(token)}` });
  const now = Math.floor(Date.now() / 1000);

  await t.step("serves the protected-resource metadata at both well-known paths", async () => {
    for (const path of METADATA_PATHS) {
      const response = await transcript.fetch(new URL(path, server.url));
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("access-control-allow-origin"), "*");
      assert.deepEqual(await response.json(), {
        resource,
        authorization_servers: [issuer.issuer],
        bearer_methods_supported: ["header"],
        scopes_supported: [SCOPE],
      });
    }
  });

  await t.step("lets a browser on any origin preflight the metadata", async () => {
    const response = await transcript.fetch(new URL(new URL(metadataUrl).pathname, server.url), {
      method: "OPTIONS",
      headers: {
        Origin: "https://elsewhere.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "mcp-protocol-version",
      },
    });
    await response.body?.cancel();
    assert.equal(response.status, 204);
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    assert.match(
      response.headers.get("access-control-allow-headers") ?? "",
      /MCP-Protocol-Version/i,
    );
  });

  await t.step("answers 401 with the metadata URL when no bearer token is sent", async () => {
    const requests: Record<string, string>[] = [
      {},
      { Authorization: `Basic ${btoa("user:password")}` },
    ];
    for (const headers of requests) {
      const response = await transcript.post(server.url, headers);
      assert.equal(response.status, 401);
      assert.equal(
        response.headers.get("www-authenticate"),
        `Bearer resource_metadata="${metadataUrl}"`,
      );
    }
  });

  await t.step("leads a client from the 401 alone to the authorization server", async () => {
    const response = await transcript.fetch(server.url, { method: "POST", body: TOOLS_LIST });
    await response.body?.cancel();
    const { resourceMetadataUrl } = extractWWWAuthenticateParams(response);
    assert.equal(resourceMetadataUrl?.href, metadataUrl);
    // The client fetches the metadata where the challenge says; here that public URL is served
    // by the server on loopback.
    const toServer = (input: string | URL, init?: RequestInit) =>
      transcript.fetch(new URL(new URL(input).pathname, server.url), init);
    const metadata = await discoverOAuthProtectedResourceMetadata(new URL(RESOURCE), {
      resourceMetadataUrl,
    }, toServer);
    assert.equal(metadata.resource, resource);
    const authorizationServer = await discoverAuthorizationServerMetadata(
      metadata.authorization_servers![0],
    );
    assert.equal(authorizationServer?.issuer, issuer.issuer);
    assert.equal(authorizationServer?.jwks_uri, issuer.jwksUrl);
  });

  await t.step("rejects every token it cannot trust with 401 invalid_token", async (t) => {
    const cases: [string, () => Promise<string>][] = [
      ["garbage", () => Promise.resolve("this-is-not-a-jwt")],
      ["an unknown API key", () => Promise.resolve(`key-${crypto.randomUUID()}`)],
      ["a forged signature", () => signToken({ key: impostor, claims: claims() })],
      [
        "an expired token",
        () => signToken({ key: es256, claims: claims({ iat: now - 7200, exp: now - 3600 }) }),
      ],
      [
        "a token not yet valid",
        () => signToken({ key: es256, claims: claims({ nbf: now + 3600 }) }),
      ],
      ["a token without exp", () => signToken({ key: es256, claims: claims({ exp: undefined }) })],
      [
        "another audience",
        () => signToken({ key: es256, claims: claims({ aud: "https://other.example/mcp" }) }),
      ],
      [
        "another issuer",
        () => signToken({ key: rs256, claims: claims({ iss: "https://evil.example" }) }),
      ],
      ["alg none", () => Promise.resolve(unsignedToken(claims()))],
      ["HS256 with the public key as secret", () => hmacWithPublicKey(rs256, claims())],
    ];
    for (const [name, make] of cases) {
      await t.step(name, async () => {
        const response = await transcript.post(server.url, bearer(await make()));
        assert.equal(response.status, 401);
        assert.equal(
          response.headers.get("www-authenticate"),
          `Bearer error="invalid_token", resource_metadata="${metadataUrl}"`,
        );
      });
    }
    await t.step("a malformed Authorization header", async () => {
      const response = await transcript.post(server.url, { Authorization: "Bearer two words" });
      assert.equal(response.status, 401);
      assert.match(response.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
    });
  });

  await t.step("accepts a token that expired within the clock skew", async () => {
    const token = await signToken({ key: es256, claims: claims({ exp: now - 10 }) });
    assert.equal((await transcript.post(server.url, bearer(token))).status, 200);
  });

  await t.step("answers 403 insufficient_scope when a required scope is missing", async () => {
    const token = await signToken({ key: es256, claims: claims({ scope: "profile" }) });
    const response = await transcript.post(server.url, bearer(token));
    assert.equal(response.status, 403);
    assert.equal(
      response.headers.get("www-authenticate"),
      `Bearer error="insufficient_scope", scope="${SCOPE}", resource_metadata="${metadataUrl}"`,
    );
  });

  await t.step(
    "serves an SDK client of each era with a valid token, up to tools/call",
    async () => {
      for (const [key, era] of [[es256, "modern"], [rs256, "legacy"]] as const) {
        const sub = `user-${key.alg}`;
        const token = keep(await signToken({ key, claims: claims({ sub }) }));
        const client = await connectClient(server.url, `Bearer ${token}`, transcript, era);
        try {
          assert.deepEqual((await client.listTools()).tools.map((tool) => tool.name), [
            "render_results",
          ]);
          const result = await client.callTool({
            name: "render_results",
            arguments: RENDER_ARGUMENTS,
          });
          assert.equal(result.isError, false);
          assert.equal((result.structuredContent as { total: number }).total, 1);
        } finally {
          await client.close();
        }
      }
    },
  );

  await t.step("refetches the JWKS for an unknown kid, at most once per cooldown", async () => {
    const before = issuer.jwksFetches;
    issuer.published.push(rotated);
    const token = await signToken({ key: rotated, claims: claims() });
    assert.equal((await transcript.post(server.url, bearer(token))).status, 200);
    assert.equal(issuer.jwksFetches, before + 1);
    const unknown = await signToken({ key: stranger, claims: claims() });
    assert.equal((await transcript.post(server.url, bearer(unknown))).status, 401);
    assert.equal(issuer.jwksFetches, before + 1, "A second unknown kid refetched the JWKS.");
  });

  await t.step("accepts a configured API key as a bearer token", async () => {
    const result = await callRenderResults(server.url, `Bearer ${apiKey}`, transcript);
    assert.equal(result.isError, false);
  });

  await t.step("lets an allowed browser origin read the 401 challenge", async () => {
    const response = await transcript.post(server.url, { Origin: ALLOWED_ORIGIN });
    assert.equal(response.status, 401);
    assert.equal(response.headers.get("access-control-allow-origin"), ALLOWED_ORIGIN);
    assert.match(
      response.headers.get("access-control-expose-headers") ?? "",
      /(^|, )WWW-Authenticate(,|$)/,
    );
  });

  await t.step("never echoes a token in a response", () => {
    assert.ok(transcript.seen.length > 30);
    assertNoSecret(transcript.text(), secrets, "a response");
  });
});

Deno.test("a JWKS that cannot be fetched gives 503, and the server stays up", async () => {
  const key = await createSigningKey("ES256", "es-1");
  await using issuer = startAuthorizationServer([key]);
  issuer.failWith = 500;
  await using server = await createTestServer({
    MCP_PUBLIC_URL: PUBLIC_URL,
    MCP_AUTH_ISSUER: issuer.issuer,
    MCP_AUTH_JWKS_URL: issuer.jwksUrl,
  });
  const transcript = new Transcript(server.fetch);
  const token = await signToken({
    key,
    claims: { iss: issuer.issuer, aud: RESOURCE, sub: "user-1" },
  });
  for (let attempt = 0; attempt < 2; attempt++) {
    const response = await transcript.post(server.url, { Authorization: `Bearer ${token}` });
    assert.equal(response.status, 503);
    assert.equal(response.headers.get("retry-after"), "5");
    assert.equal(response.headers.get("www-authenticate"), null);
  }
  assert.equal(issuer.jwksFetches, 1, "A failed JWKS was fetched again at once.");
  assert.equal((await transcript.post(server.url)).status, 401);
  const health = await transcript.fetch(new URL("/healthz", server.url));
  assert.equal(health.status, 200);
  assertNoSecret(transcript.text(), [token], "a response");
});

Deno.test("API keys alone turn auth on without an authorization server", async (t) => {
  const apiKey = `key-${crypto.randomUUID()}`;
  await using server = await createTestServer({
    MCP_PUBLIC_URL: PUBLIC_URL,
    MCP_API_KEYS_SHA256: await sha256Hex(apiKey),
  });
  const transcript = new Transcript(server.fetch);

  await t.step("serves no metadata documents", async () => {
    for (const path of METADATA_PATHS) {
      const response = await transcript.fetch(new URL(path, server.url));
      await response.body?.cancel();
      assert.equal(response.status, 404);
    }
  });

  await t.step("challenges without resource_metadata", async () => {
    const missing = await transcript.post(server.url);
    assert.equal(missing.status, 401);
    assert.equal(missing.headers.get("www-authenticate"), "Bearer");
    const key = await createSigningKey("ES256", "es-1");
    const jwt = await signToken({ key, claims: { aud: server.url.href, sub: "user-1" } });
    const invalid = await transcript.post(server.url, { Authorization: `Bearer ${jwt}` });
    assert.equal(invalid.status, 401);
    assert.equal(invalid.headers.get("www-authenticate"), 'Bearer error="invalid_token"');
  });

  await t.step("serves an SDK client that sends the key", async () => {
    const result = await callRenderResults(server.url, `Bearer ${apiKey}`, transcript);
    assert.equal(result.isError, false);
  });

  await t.step("never echoes the key", () => {
    assertNoSecret(transcript.text(), [apiKey], "a response");
  });
});

Deno.test("without auth settings /mcp is open and no metadata is served", async () => {
  await using server = await createTestServer();
  const transcript = new Transcript(server.fetch);
  const metadata = await transcript.fetch(
    new URL("/.well-known/oauth-protected-resource/mcp", server.url),
  );
  await metadata.body?.cancel();
  assert.equal(metadata.status, 404);
  assert.equal((await transcript.post(server.url)).status, 200);
});

/** The fields a request's log line may have: nothing a client sent but names. */
const LOG_FIELDS = [
  "time",
  "level",
  "method",
  "path",
  "rpcMethod",
  "tool",
  "status",
  "durationMs",
  "principal",
];

Deno.test("started as users start it, the server logs each request's principal and no secret", async () => {
  const key = await createSigningKey("ES256", "es-1");
  const stranger = await createSigningKey("ES256", "never-published");
  const apiKey = `key-${crypto.randomUUID()}`;
  const apiKeyHash = await sha256Hex(apiKey);
  await using issuer = startAuthorizationServer([key]);
  await using server = await startProject({
    MCP_PUBLIC_URL: PUBLIC_URL,
    MCP_AUTH_ISSUER: issuer.issuer,
    MCP_AUTH_SCOPES: SCOPE,
    MCP_API_KEYS_SHA256: apiKeyHash,
    LOG_LEVEL: "info",
  });
  const transcript = new Transcript();
  const claims = { iss: issuer.issuer, aud: RESOURCE, sub: "user-42", scope: SCOPE };
  const token = await signToken({ key, claims });

  const result = await callRenderResults(server.url, `Bearer ${token}`, transcript);
  assert.equal(result.isError, false);
  assert.equal(
    (await callRenderResults(server.url, `Bearer ${apiKey}`, transcript)).isError,
    false,
  );
  // With the JWKS down, a token naming a key the server has not seen cannot be checked.
  issuer.failWith = 500;
  const unknown = await signToken({ key: stranger, claims });
  assert.equal(
    (await transcript.post(server.url, { Authorization: `Bearer ${unknown}` })).status,
    503,
  );

  const requests = () => requestLines(server.stderr());
  await eventually(() => requests().length === transcript.requests, "a log line per request");
  const principals = new Set(requests().map((line) => line.principal));
  const jwtPrincipal = (await sha256Hex("user-42")).slice(0, 12);
  const keyPrincipal = (await sha256Hex(`api-key:${apiKeyHash.slice(0, 12)}`)).slice(0, 12);
  assert.ok(principals.has(jwtPrincipal), "no line names the token's principal");
  assert.ok(principals.has(keyPrincipal), "no line names the API key's principal");
  assert.ok(
    requests().some((line) =>
      line.rpcMethod === "tools/call" && line.tool === "render_results" && line.status === 200 &&
      line.principal === jwtPrincipal
    ),
    "no tools/call line for the token's principal",
  );
  for (const line of requests()) {
    assert.equal(typeof line.time, "string");
    assert.equal(typeof line.method, "string");
    assert.equal(typeof line.path, "string");
    assert.equal(typeof line.durationMs, "number");
    assert.deepEqual(Object.keys(line).filter((name) => !LOG_FIELDS.includes(name)), []);
  }
  assert.ok(
    logLines(server.stderr()).some((line) =>
      line.level === "warn" && line.message === "The JWKS answered HTTP 500, not 200."
    ),
    "the JWKS failure was not logged",
  );
  assert.ok(!server.stderr().includes("deno.com"), "A tool argument appears in the log.");
  assertNoSecret(server.stderr(), [token, unknown, apiKey], "the log");
});
