/**
 * The fetch handler given each request both ways the server is given one: as a `Request`
 * (`deno serve`, `Deno.serve`) and as the server's own listener hands it over, read from the raw
 * bytes by the listener's parser into its lazily built `Request`. Every path the server answers
 * must answer both alike, so that a step which treats its request as more than a `Request` (the
 * lazy one cannot be the input of `new Request()`) fails here and not only under
 * `deno task start`.
 */

import assert from "node:assert/strict";
import { receive } from "@render-results/http1/testing";
import { readConfig } from "../config.ts";
import { MAX_BODY_BYTES } from "./body.ts";
import { createFetchHandler } from "./fetch_handler.ts";
import { sha256Hex } from "../../tests/support/mcp_http.ts";

const ORIGIN = "http://127.0.0.1:8000";
const HOST = "127.0.0.1:8000";
const ACCEPT = "application/json, text/event-stream";
const MODERN = "2026-07-28";
const API_KEY = "key-fetch-handler";
const BROWSER_ORIGIN = "http://localhost:6274";
const INFO = {
  remoteAddr: { transport: "tcp" as const, hostname: "127.0.0.1", port: 1 },
  completed: Promise.resolve(),
};
const encoder = new TextEncoder();

/** The open server `deno task start` runs by default, and one with OAuth and an API key. */
const SERVERS = {
  open: {},
  protected: {
    MCP_PUBLIC_URL: "https://mcp.example.test",
    MCP_AUTH_ISSUER: "https://auth.example.test",
    MCP_API_KEYS_SHA256: await sha256Hex(API_KEY),
  },
};

/** One request as a client sends it, the status it must get and headers its answer must have. */
interface Sent {
  /** The open server unless given. */
  server?: keyof typeof SERVERS;
  method: string;
  path: string;
  headers: [string, string][];
  body?: unknown;
  status: number;
  answerHeaders?: Record<string, string>;
}

/** What a client sees of an answer. */
interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** A JSON-RPC POST of `message` to `/mcp`, with the headers of one and `headers`. */
function post(message: unknown, headers: Record<string, string> = {}) {
  const all = { "Content-Type": "application/json", Accept: ACCEPT, ...headers };
  return { method: "POST", path: "/mcp", headers: Object.entries(all), body: message };
}

/** Arguments with non-Latin-1 text, so the body is UTF-8 of more than one byte a character. */
const ARGS = {
  title: "Grüße aus 東京",
  results: [{ title: "Deno — a runtime", url: "https://deno.com/", text: "Écrit en Rust." }],
};
const CALL = { name: "render_results", arguments: ARGS };
const META = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
};
const MODERN_CALL = {
  jsonrpc: "2.0",
  id: "call-1",
  method: "tools/call",
  params: { ...CALL, _meta: META },
};
const MODERN_HEADERS = {
  "MCP-Protocol-Version": MODERN,
  "Mcp-Method": "tools/call",
  "Mcp-Name": "render_results",
};
const METADATA_URL = "https://mcp.example.test/.well-known/oauth-protected-resource/mcp";

const CASES: Record<string, Sent> = {
  "initialize at 2025-11-25": {
    ...post({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "client", version: "1.0.0" },
      },
    }),
    status: 200,
  },
  "a 2025-11-25 call": {
    ...post(
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: CALL },
      { "MCP-Protocol-Version": "2025-11-25" },
    ),
    status: 200,
  },
  "a 2026-07-28 call": { ...post(MODERN_CALL, MODERN_HEADERS), status: 200 },
  "a 2026-07-28 list of the tools": {
    ...post(
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: META } },
      { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/list" },
    ),
    status: 200,
  },
  "a 2025-03-26 batch": {
    ...post([
      { jsonrpc: "2.0", id: 3, method: "tools/list" },
      { jsonrpc: "2.0", id: 4, method: "tools/call", params: CALL },
    ], { "MCP-Protocol-Version": "2025-03-26" }),
    status: 200,
  },
  "an unknown method at 2025-11-25": {
    ...post(
      { jsonrpc: "2.0", id: 5, method: "tools/unknown" },
      { "MCP-Protocol-Version": "2025-11-25" },
    ),
    status: 200,
  },
  "an unknown method at 2026-07-28": {
    ...post(
      { jsonrpc: "2.0", id: 6, method: "tools/unknown", params: { _meta: META } },
      { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/unknown" },
    ),
    status: 404,
  },
  "a call from a browser": {
    ...post(MODERN_CALL, { ...MODERN_HEADERS, Origin: BROWSER_ORIGIN }),
    status: 200,
    answerHeaders: { "access-control-allow-origin": BROWSER_ORIGIN },
  },
  "a CORS preflight": {
    method: "OPTIONS",
    path: "/mcp",
    headers: [
      ["Origin", BROWSER_ORIGIN],
      ["Access-Control-Request-Method", "POST"],
      ["Access-Control-Request-Headers", "content-type, mcp-protocol-version"],
    ],
    status: 204,
    answerHeaders: { "access-control-allow-origin": BROWSER_ORIGIN },
  },
  "a GET of /mcp": {
    method: "GET",
    path: "/mcp",
    headers: [["Accept", ACCEPT]],
    status: 405,
    answerHeaders: { allow: "POST, OPTIONS" },
  },
  "a GET of /healthz": { method: "GET", path: "/healthz", headers: [], status: 200 },
  "a HEAD of /healthz": { method: "HEAD", path: "/healthz", headers: [], status: 200 },
  "a POST to /healthz": {
    method: "POST",
    path: "/healthz",
    headers: [],
    status: 405,
    answerHeaders: { allow: "GET, HEAD" },
  },
  "an unknown path": { method: "GET", path: "/other?x=1", headers: [], status: 404 },
  "a call without a token": {
    ...post(MODERN_CALL, MODERN_HEADERS),
    server: "protected",
    status: 401,
    answerHeaders: { "www-authenticate": `Bearer resource_metadata="${METADATA_URL}"` },
  },
  "a call with an API key": {
    ...post(MODERN_CALL, { ...MODERN_HEADERS, Authorization: `Bearer ${API_KEY}` }),
    server: "protected",
    status: 200,
  },
  "the protected-resource metadata": {
    method: "GET",
    path: "/.well-known/oauth-protected-resource/mcp",
    headers: [],
    server: "protected",
    status: 200,
  },
};

/** `sent` as a `Request`, with the `Host` an HTTP client sends. */
function asRequest({ method, path, headers, body }: Sent): Request {
  return new Request(ORIGIN + path, {
    method,
    headers: [["Host", HOST], ...headers],
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** `sent` as the listener hands it over: its bytes read by the listener's parser. */
function asReceived({ method, path, headers, body }: Sent): Promise<Request> {
  const content = body === undefined ? undefined : encoder.encode(JSON.stringify(body));
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${HOST}`];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  if (content !== undefined) lines.push(`Content-Length: ${content.byteLength}`);
  const head = Uint8Array.from(`${lines.join("\r\n")}\r\n\r\n`, (char) => char.charCodeAt(0));
  const bytes = new Uint8Array(head.byteLength + (content?.byteLength ?? 0));
  bytes.set(head);
  if (content !== undefined) bytes.set(content, head.byteLength);
  return receive(bytes, { origin: ORIGIN, limits: { maxBodyBytes: MAX_BODY_BYTES } });
}

/** What a client sees of `response`. */
async function seen(response: Response): Promise<Answer> {
  return { status: response.status, headers: [...response.headers], body: await response.text() };
}

for (const [name, sent] of Object.entries(CASES)) {
  Deno.test(`${name}: answered alike as received and as a Request`, async () => {
    const env = { LOG_LEVEL: "off", ...SERVERS[sent.server ?? "open"] };
    const config = readConfig(new Map(Object.entries(env)));
    // A server for each form, sent the same requests: the first of a kind goes to the SDK's
    // responder, and the lean responder answers the second where it recognises it.
    const forRequests = await createFetchHandler(config);
    const forReceived = await createFetchHandler(config);
    for (const round of ["first", "second"]) {
      const expected = await seen(await forRequests(asRequest(sent), INFO));
      const actual = await seen(await forReceived(await asReceived(sent), INFO));
      assert.deepStrictEqual(actual, expected, `the ${round} time`);
      assert.equal(expected.status, sent.status, `the ${round} time: ${expected.body}`);
      const answerHeaders = new Headers(expected.headers);
      for (const [header, value] of Object.entries(sent.answerHeaders ?? {})) {
        assert.equal(answerHeaders.get(header), value, header);
      }
    }
  });
}
