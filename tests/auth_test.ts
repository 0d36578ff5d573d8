/**
 * The OAuth resource server with real keys and tokens: a local authorization server publishes
 * ES256 and RS256 keys; the MCP server runs as its own process so its log lines can be read.
 * @module
 */

import assert from "node:assert/strict";
import { errors, type JWTPayload } from "jose";
import { readConfig } from "../server/config.ts";
import { discoverJwksUrl, metadataUrls } from "../server/http/auth/authorization_server.ts";
import { AuthorizationServerError } from "../server/http/auth/fetch_document.ts";
import { RemoteKeySet } from "../server/http/auth/jwks.ts";
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
import { createTestServer, type InProcessFetch } from "./support/http_server.ts";
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
  readonly #send: InProcessFetch;

  /** Records what `send` (the global `fetch` unless given) answers. */
  constructor(send: InProcessFetch = fetch) {
    this.#send = send;
  }

  /** A `fetch` that records; usable as the SDK transport's `fetch`. */
  readonly fetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const response = await this.#send(input, init);
    this.requests++;
    const copy = response.clone();
    this.seen.push({ status: copy.status, headers: copy.headers, text: await copy.text() });
    return response;
  };

  /** POSTs `tools/list` to `url` with `headers` and returns what came back. */
  async post(url: URL, headers: Record<string, string> = {}): Promise<Seen> {
    const response = await this.fetch(url, {
      method: "POST",
      body: TOOLS_LIST,
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-11-25",
        ...headers,
      },
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

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The JSON lines of a server's stderr after the one that says where it listens. */
function logLines(stderr: string): Record<string, unknown>[] {
  return stderr.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line))
    .filter((line) => !("url" in line));
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
  await using server = await startProject({
    MCP_PUBLIC_URL: PUBLIC_URL,
    MCP_AUTH_ISSUER: issuer.issuer,
    MCP_AUTH_SCOPES: SCOPE,
    MCP_API_KEYS_SHA256: apiKeyHash,
    MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN,
    LOG_LEVEL: "info",
  });
  const resource = RESOURCE;
  const metadataUrl = METADATA_URL;
  const transcript = new Transcript();
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
        // The principal the server verified is the one the request was answered for.
        const principal = (await sha256Hex(sub)).slice(0, 12);
        await eventually(
          () =>
            logLines(server.stderr()).some((line) =>
              line.rpcMethod === "tools/call" && line.tool === "render_results" &&
              line.status === 200 && line.principal === principal
            ),
          `the tools/call log line of ${sub}`,
        );
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
    const principal = (await sha256Hex(`api-key:${apiKeyHash.slice(0, 12)}`)).slice(0, 12);
    await eventually(
      () => logLines(server.stderr()).some((line) => line.principal === principal),
      "the API key's log line",
    );
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

  await t.step("logs one JSON line per request without arguments or tokens", async () => {
    await eventually(
      () => logLines(server.stderr()).length === transcript.requests,
      `${transcript.requests} log lines`,
    );
    const lines = logLines(server.stderr());
    for (const line of lines) {
      assert.equal(typeof line.time, "string");
      assert.equal(typeof line.method, "string");
      assert.equal(typeof line.path, "string");
      assert.equal(typeof line.status, "number");
      assert.equal(typeof line.durationMs, "number");
      assert.deepEqual(
        Object.keys(line).filter((name) =>
          ![
            "time",
            "level",
            "method",
            "path",
            "rpcMethod",
            "tool",
            "status",
            "durationMs",
            "principal",
          ]
            .includes(name)
        ),
        [],
      );
    }
    assert.ok(!server.stderr().includes("deno.com"), "A tool argument appears in the log.");
    assertNoSecret(server.stderr(), secrets, "the log");
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
  await using server = await startProject({
    MCP_PUBLIC_URL: PUBLIC_URL,
    MCP_AUTH_ISSUER: issuer.issuer,
    MCP_AUTH_JWKS_URL: issuer.jwksUrl,
    LOG_LEVEL: "warn",
  });
  const transcript = new Transcript();
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
  const health = await fetch(new URL("/healthz", server.url));
  assert.equal(health.status, 200);
  await health.body?.cancel();
  await eventually(() => logLines(server.stderr()).length > 0, "the warning");
  const lines = logLines(server.stderr());
  assert.deepEqual(lines.map((line) => [line.level, line.message]), [
    ["warn", "The JWKS answered HTTP 500, not 200."],
  ]);
  assertNoSecret(server.stderr() + transcript.text(), [token], "the log or a response");
});

Deno.test("API keys alone turn auth on without an authorization server", async (t) => {
  const apiKey = `key-${crypto.randomUUID()}`;
  await using server = await createTestServer({
    MCP_PUBLIC_URL: PUBLIC_URL,
    MCP_API_KEYS_SHA256: await sha256Hex(apiKey),
    LOG_LEVEL: "off",
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
  await using server = await createTestServer({ LOG_LEVEL: "off" });
  const transcript = new Transcript(server.fetch);
  const metadata = await transcript.fetch(
    new URL("/.well-known/oauth-protected-resource/mcp", server.url),
  );
  await metadata.body?.cancel();
  assert.equal(metadata.status, 404);
  assert.equal((await transcript.post(server.url)).status, 200);
});

Deno.test("the JWKS is cached, refreshed when old, and refetched at a limited rate", async () => {
  const first = await createSigningKey("ES256", "first");
  const second = await createSigningKey("ES256", "second");
  const third = await createSigningKey("ES256", "third");
  await using issuer = startAuthorizationServer([first]);
  let clock = 1_000_000;
  const failures: string[] = [];
  const keys = new RemoteKeySet(() => Promise.resolve(new URL(issuer.jwksUrl)), {
    now: () => clock,
    onFetchError: (message) => failures.push(message),
  });
  const resolve = (kid: string) => keys.getKey({ alg: "ES256", kid });

  await Promise.all([resolve("first"), resolve("first")]);
  assert.equal(issuer.jwksFetches, 1, "Concurrent first uses fetched the JWKS twice.");

  issuer.published.push(second);
  await resolve("second");
  assert.equal(issuer.jwksFetches, 2);
  issuer.published.push(third);
  await assert.rejects(resolve("third"), errors.JWKSNoMatchingKey);
  assert.equal(issuer.jwksFetches, 2, "An unknown kid refetched within the cooldown.");
  clock += 30_000;
  await resolve("third");
  assert.equal(issuer.jwksFetches, 3);

  issuer.failWith = 502;
  clock += 600_000;
  await resolve("first");
  assert.equal(issuer.jwksFetches, 4, "Old keys were not refreshed.");
  assert.deepEqual(failures, ["The JWKS answered HTTP 502, not 200."]);
  await resolve("first");
  assert.equal(issuer.jwksFetches, 4, "A failed refresh was retried at once.");

  issuer.failWith = undefined;
  issuer.published = [second];
  clock += 5_000;
  await resolve("second");
  assert.equal(issuer.jwksFetches, 5);
  await assert.rejects(resolve("first"), errors.JWKSNoMatchingKey);
});

Deno.test("an unreachable JWKS is reported as the authorization server's failure", async () => {
  const closed = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response(),
  );
  const url = new URL(`http://127.0.0.1:${closed.addr.port}/jwks`);
  await closed.shutdown();
  const failures: string[] = [];
  const keys = new RemoteKeySet(() => Promise.resolve(url), {
    onFetchError: (message) => failures.push(message),
  });
  await assert.rejects(
    keys.getKey({ alg: "ES256", kid: "any" }),
    AuthorizationServerError,
  );
  assert.deepEqual(failures, ["The JWKS could not be reached."]);
});

Deno.test("the JWKS URL is discovered from metadata that names the issuer exactly", async () => {
  await using issuer = startAuthorizationServer([]);
  assert.equal((await discoverJwksUrl(issuer.issuer)).href, issuer.jwksUrl);
  await assert.rejects(discoverJwksUrl(`${issuer.issuer}/`), /names another issuer/);
  assert.deepEqual(metadataUrls("https://auth.example/tenant/").map(String), [
    "https://auth.example/.well-known/oauth-authorization-server/tenant",
    "https://auth.example/.well-known/openid-configuration/tenant",
    "https://auth.example/tenant/.well-known/openid-configuration",
  ]);
  assert.deepEqual(metadataUrls("https://auth.example").map(String), [
    "https://auth.example/.well-known/oauth-authorization-server",
    "https://auth.example/.well-known/openid-configuration",
  ]);
});

Deno.test("auth settings are checked at start-up", () => {
  const read = (env: Record<string, string>) => readConfig(new Map(Object.entries(env)));
  assert.equal(read({}).auth, undefined);
  assert.throws(
    () => read({ MCP_AUTH_SCOPES: SCOPE }),
    /MCP_AUTH_JWKS_URL and MCP_AUTH_SCOPES need MCP_AUTH_ISSUER/,
  );
  assert.throws(
    () => read({ MCP_AUTH_JWKS_URL: "https://auth.example/jwks" }),
    /need MCP_AUTH_ISSUER/,
  );
  const publicUrl = { MCP_PUBLIC_URL: PUBLIC_URL };
  assert.throws(
    () => read({ ...publicUrl, MCP_AUTH_ISSUER: "https://auth.example", MCP_AUTH_SCOPES: 'a"b' }),
    /MCP_AUTH_SCOPES must list scopes/,
  );
  assert.throws(
    () => read({ ...publicUrl, MCP_AUTH_ISSUER: "auth.example" }),
    /MCP_AUTH_ISSUER must be/,
  );
  assert.deepEqual(
    read({
      ...publicUrl,
      MCP_AUTH_ISSUER: "https://tenant.auth.example/",
      MCP_AUTH_SCOPES: "a  b",
    }).auth,
    { issuer: "https://tenant.auth.example/", jwksUrl: undefined, scopes: ["a", "b"] },
  );
  // With auth on, the resource tokens are for is configured, never taken from a request.
  const auths: Record<string, string>[] = [
    { MCP_AUTH_ISSUER: "https://auth.example" },
    { MCP_API_KEYS_SHA256: "a".repeat(64) },
  ];
  for (const auth of auths) {
    assert.throws(() => read(auth), /MCP_PUBLIC_URL is required when auth is on/);
  }
});
