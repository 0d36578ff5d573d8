/**
 * Every setting `readConfig` reads from the environment: its default, the values it takes, and
 * the one-sentence message, naming the variable and its rule, that a bad value stops the
 * server with.
 */

import assert from "node:assert/strict";
import { isLoopbackHostname, type Limits, readConfig } from "./config.ts";

const PUBLIC_URL = "https://mcp.example.test";
const HASH = "ab".repeat(32);

/** The configuration the environment `env` describes. */
function read(env: Record<string, string> = {}) {
  return readConfig(new Map(Object.entries(env)));
}

/** Asserts that `env` is refused with exactly `message`. */
function refuses(env: Record<string, string>, message: string): void {
  assert.throws(() => read(env), { message }, JSON.stringify(env));
}

Deno.test("with no settings: port 8000 on 127.0.0.1, no auth, info logs, the default limits", () => {
  assert.deepEqual(read(), {
    port: 8000,
    hostname: "127.0.0.1",
    allowedOrigins: [],
    allowedHosts: [],
    publicUrl: undefined,
    auth: undefined,
    apiKeyHashes: [],
    logLevel: "info",
    limits: {
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 10_000,
      idleTimeoutMs: 5_000,
      requestTimeoutMs: 30_000,
      maxConnections: 512,
      maxInFlight: 256,
      maxBufferedBytes: 64 * 1024 * 1024,
      shutdownGraceMs: 10_000,
    },
    viewDomains: { viewDomain: undefined, openaiWidgetDomain: undefined },
  });
});

Deno.test("blank settings count as unset", () => {
  const blank = [
    "PORT",
    "MCP_HOSTNAME",
    "MCP_PUBLIC_URL",
    "MCP_ALLOWED_HOSTS",
    "MCP_ALLOWED_ORIGINS",
    "MCP_API_KEYS_SHA256",
    "MCP_AUTH_ISSUER",
    "MCP_AUTH_JWKS_URL",
    "MCP_AUTH_SCOPES",
    "LOG_LEVEL",
    "MCP_REQUEST_TIMEOUT_MS",
    "MCP_MAX_CONNECTIONS",
    "MCP_VIEW_DOMAIN",
    "MCP_OPENAI_WIDGET_DOMAIN",
  ];
  assert.deepEqual(read(Object.fromEntries(blank.map((name) => [name, " \t"]))), read());
});

Deno.test("PORT is a whole number from 0 to 65,535", () => {
  assert.equal(read({ PORT: "0" }).port, 0);
  assert.equal(read({ PORT: " 65535 " }).port, 65535);
  for (const value of ["eighty", "-1", "65536", "80.5", "8e3", "0x50", "80 81"]) {
    refuses({ PORT: value }, "PORT must be a whole number from 0 to 65,535.");
  }
});

Deno.test("MCP_HOSTNAME is the bind address, trimmed; HOSTNAME is never read", () => {
  assert.equal(read({ MCP_HOSTNAME: " 0.0.0.0 " }).hostname, "0.0.0.0");
  assert.equal(read({ MCP_HOSTNAME: "::" }).hostname, "::");
  assert.equal(read({ HOSTNAME: "container-id" }).hostname, "127.0.0.1");
});

Deno.test("each limit is a whole number within its range, with its own message", () => {
  const settings: [string, keyof Limits, number, number][] = [
    ["MCP_HEADERS_TIMEOUT_MS", "headersTimeoutMs", 1, 600_000],
    ["MCP_BODY_TIMEOUT_MS", "bodyTimeoutMs", 1, 600_000],
    ["MCP_IDLE_TIMEOUT_MS", "idleTimeoutMs", 1, 600_000],
    ["MCP_REQUEST_TIMEOUT_MS", "requestTimeoutMs", 1, 600_000],
    ["MCP_MAX_CONNECTIONS", "maxConnections", 1, 1_000_000],
    ["MCP_MAX_IN_FLIGHT", "maxInFlight", 1, 1_000_000],
    ["MCP_MAX_BUFFERED_BYTES", "maxBufferedBytes", 1, 2 ** 36],
    ["MCP_SHUTDOWN_GRACE_MS", "shutdownGraceMs", 0, 600_000],
  ];
  for (const [name, field, min, max] of settings) {
    assert.equal(read({ [name]: String(min) }).limits[field], min, name);
    assert.equal(read({ [name]: String(max) }).limits[field], max, name);
    const message = `${name} must be a whole number from ${min} to ${max.toLocaleString("en-US")}.`;
    for (const value of [String(max + 1), "-5", "1.5", "ten", "1_000"]) {
      refuses({ [name]: value }, message);
    }
    if (min > 0) refuses({ [name]: String(min - 1) }, message);
  }
});

Deno.test("LOG_LEVEL is one of five levels, in any case", () => {
  for (const level of ["debug", "info", "warn", "error", "off"]) {
    assert.equal(read({ LOG_LEVEL: level.toUpperCase() }).logLevel, level);
  }
  for (const value of ["verbose", "warning", "0"]) {
    refuses({ LOG_LEVEL: value }, "LOG_LEVEL must be one of debug, info, warn, error, off.");
  }
});

Deno.test("MCP_ALLOWED_HOSTS is a list of well-formed hosts, comma or space separated, lowercased", () => {
  assert.deepEqual(
    read({ MCP_ALLOWED_HOSTS: "MCP.Internal:8443, proxy.example  *" }).allowedHosts,
    [
      "mcp.internal:8443",
      "proxy.example",
      "*",
    ],
  );
  for (const value of ["https://mcp.example", "mcp.example/mcp", "user@mcp.example", "h:99999"]) {
    refuses(
      { MCP_ALLOWED_HOSTS: `ok.example ${value}` },
      "MCP_ALLOWED_HOSTS must list host names or addresses, each with a port or not " +
        "(such as mcp.example.com or 10.0.0.5:8443), or *.",
    );
  }
});

Deno.test("MCP_ALLOWED_ORIGINS is a list of http(s) URLs, each kept as its origin", () => {
  assert.deepEqual(
    read({ MCP_ALLOWED_ORIGINS: "https://App.example/path/, http://localhost:6274 ,," })
      .allowedOrigins,
    ["https://app.example", "http://localhost:6274"],
  );
  for (const value of ["app.example", "ftp://app.example", "https://ok.example, nope"]) {
    refuses(
      { MCP_ALLOWED_ORIGINS: value },
      "MCP_ALLOWED_ORIGINS must be an absolute http or https URL.",
    );
  }
});

Deno.test("MCP_PUBLIC_URL is an http(s) URL, kept without trailing slashes", () => {
  assert.equal(
    read({ MCP_PUBLIC_URL: "https://mcp.example.test/base//" }).publicUrl,
    `${PUBLIC_URL}/base`,
  );
  for (const value of ["mcp.example.test", "mailto:a@example.test", "https://"]) {
    refuses({ MCP_PUBLIC_URL: value }, "MCP_PUBLIC_URL must be an absolute http or https URL.");
  }
});

Deno.test("MCP_API_KEYS_SHA256 lists SHA-256 hashes in hex, and needs MCP_PUBLIC_URL", () => {
  const upper = "CD".repeat(32);
  const config = read({ MCP_PUBLIC_URL: PUBLIC_URL, MCP_API_KEYS_SHA256: `${HASH},\n${upper}` });
  assert.deepEqual(config.apiKeyHashes, [HASH, upper.toLowerCase()]);
  assert.equal(config.auth, undefined, "API keys alone need no authorization server");
  for (const value of ["abc", "g".repeat(64), "a".repeat(65), `${HASH}:x`]) {
    refuses(
      { MCP_PUBLIC_URL: PUBLIC_URL, MCP_API_KEYS_SHA256: value },
      "MCP_API_KEYS_SHA256 must list SHA-256 hashes as 64 hexadecimal digits.",
    );
  }
});

Deno.test("auth settings: the issuer verbatim, an optional JWKS URL, scopes split on spaces", () => {
  assert.deepEqual(
    read({
      MCP_PUBLIC_URL: PUBLIC_URL,
      MCP_AUTH_ISSUER: " https://tenant.auth.example/ ",
      MCP_AUTH_JWKS_URL: "https://auth.example/keys",
      MCP_AUTH_SCOPES: "mcp:tools  profile\tx",
    }).auth,
    {
      issuer: "https://tenant.auth.example/",
      jwksUrl: "https://auth.example/keys",
      scopes: ["mcp:tools", "profile", "x"],
    },
  );
  assert.deepEqual(
    read({ MCP_PUBLIC_URL: PUBLIC_URL, MCP_AUTH_ISSUER: "https://auth.example" }).auth,
    { issuer: "https://auth.example", jwksUrl: undefined, scopes: [] },
  );
});

Deno.test("auth settings are checked at start-up, each with its own message", () => {
  const on = { MCP_PUBLIC_URL: PUBLIC_URL, MCP_AUTH_ISSUER: "https://auth.example" };
  const needsIssuer =
    "MCP_AUTH_JWKS_URL and MCP_AUTH_SCOPES need MCP_AUTH_ISSUER: without it token auth is off.";
  refuses({ MCP_AUTH_SCOPES: "mcp:tools" }, needsIssuer);
  refuses({ MCP_AUTH_JWKS_URL: "https://auth.example/jwks" }, needsIssuer);
  refuses(
    { ...on, MCP_AUTH_ISSUER: "auth.example" },
    "MCP_AUTH_ISSUER must be an absolute http or https URL.",
  );
  refuses(
    { ...on, MCP_AUTH_JWKS_URL: "file:///etc/keys" },
    "MCP_AUTH_JWKS_URL must be an absolute http or https URL.",
  );
  for (const scope of ['a"b', "a\\b", "é"]) {
    refuses(
      { ...on, MCP_AUTH_SCOPES: scope },
      'MCP_AUTH_SCOPES must list scopes of printable ASCII without quotes (") or backslashes.',
    );
  }
  // With auth on, the resource tokens are for is configured, never taken from a request.
  const required = "MCP_PUBLIC_URL is required when auth is on: it names the protected " +
    "resource that tokens must be issued for, and is never taken from a request.";
  refuses({ MCP_AUTH_ISSUER: "https://auth.example" }, required);
  refuses({ MCP_API_KEYS_SHA256: HASH }, required);
});

Deno.test("every message is one sentence that starts with the variable's name", () => {
  const bad: Record<string, string>[] = [
    { PORT: "x" },
    { LOG_LEVEL: "x" },
    { MCP_PUBLIC_URL: "x" },
    { MCP_ALLOWED_ORIGINS: "x" },
    { MCP_IDLE_TIMEOUT_MS: "0" },
    { MCP_MAX_IN_FLIGHT: "0" },
    { MCP_PUBLIC_URL: PUBLIC_URL, MCP_API_KEYS_SHA256: "x" },
  ];
  for (const env of bad) {
    const name = Object.keys(env).at(-1)!;
    assert.throws(() => read(env), (error: Error) => {
      assert.match(error.message, new RegExp(`^${name} [a-z][^.]*(\\.\\d[^.]*)*\\.$`));
      return true;
    });
  }
});

Deno.test("the view's domains are taken as set, each in the form its host expects", () => {
  const viewDomain = "0123456789abcdef0123456789abcdef.claudemcpcontent.com";
  const openaiWidgetDomain = "https://search.example.com";
  assert.deepEqual(
    read({ MCP_VIEW_DOMAIN: ` ${viewDomain} `, MCP_OPENAI_WIDGET_DOMAIN: openaiWidgetDomain })
      .viewDomains,
    { viewDomain, openaiWidgetDomain },
  );
  const host = "MCP_VIEW_DOMAIN: The view domain must be a host name in lower case, such as " +
    "abc.example.com.";
  for (const value of ["https://a.example.com", "a.example.com:443", "a.example.com/x", "A.com"]) {
    refuses({ MCP_VIEW_DOMAIN: value }, host);
  }
  const origin = "MCP_OPENAI_WIDGET_DOMAIN: The OpenAI widget domain must be an https origin, " +
    "such as https://app.example.com.";
  for (const value of ["search.example.com", "http://a.example.com", "https://a.example.com/"]) {
    refuses({ MCP_OPENAI_WIDGET_DOMAIN: value }, origin);
  }
});

Deno.test("loopback host names: localhost, 127.0.0.0/8 and ::1, in any case", () => {
  for (const name of ["localhost", "LOCALHOST", "127.0.0.1", "127.255.0.9", "::1", "[::1]"]) {
    assert.equal(isLoopbackHostname(name), true, name);
  }
  for (const name of ["localhost.evil.example", "127.0.0.256", "128.0.0.1", "0.0.0.0", "::"]) {
    assert.equal(isLoopbackHostname(name), false, name);
  }
});
