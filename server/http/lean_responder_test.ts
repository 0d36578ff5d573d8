/**
 * The lean responder against its reference, the SDK's path: the server's real fetch handler is
 * built both ways in this process, and every request sent to both must get the same HTTP status,
 * the same headers and JSON-equal bodies (error messages included). The lean responder gets each
 * request both ways the server is given one: as a `Request` (`deno serve`) and as the server's own
 * listener hands it over, its head parsed by the listener's parser. When the SDK is upgraded, this
 * is what says whether the lean responder still holds.
 *
 * Generated requests mix what the lean responder answers with everything it must leave to the SDK:
 * valid and invalid arguments (`render-results-mcp/testing`), every protocol version, the
 * standard headers present, absent, mismatched or padded with whitespace, `_meta` present, partial
 * or wrong-typed, ids of every JSON type, unknown tools, resources and methods, extra fields,
 * notifications and batches. A lean responder of its own, around an SDK responder that counts what
 * it is asked, tells which requests the lean responder answered, so the run can show it answered
 * many. Fixed cases then take each branch of `lean_responder.ts` once.
 *
 * `deno task test` sends 10,000 generated requests; `deno task fuzz` 100,000. Arguments after
 * `--`: `--runs=N` and `--seed=N` (to replay a failure fast-check reports).
 */

import fc from "fast-check";
import assert from "node:assert/strict";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { readConfig } from "../config.ts";
import { receive } from "@render-results/http1/testing";
import { createFetchHandler, type FetchHandler } from "./fetch_handler.ts";
import { MAX_BODY_BYTES } from "./body.ts";
import { LeanResponder } from "./lean_responder.ts";
import { SdkResponder } from "./sdk_responder.ts";
import { VIEW_URI } from "render-results-mcp";
import { cases, longResults, option, typographic } from "render-results-mcp/testing";
import { sha256Hex } from "../../tests/support/mcp_http.ts";

const MODERN = "2026-07-28";
const PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
const CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
const CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
const ACCEPT = "application/json, text/event-stream";
const ORIGIN = "http://127.0.0.1:8000";
const URL = `${ORIGIN}/mcp`;
const INFO = {
  remoteAddr: { transport: "tcp" as const, hostname: "127.0.0.1", port: 1 },
  completed: Promise.resolve(),
};
const encoder = new TextEncoder();

/** One request as a client sends it: the body's JSON and the headers beside Content-Type. */
interface Exchange {
  body: string;
  headers: Record<string, string>;
  /** The body's bytes, when they are not `body` in UTF-8. */
  bytes?: Uint8Array<ArrayBuffer>;
}

/** What a client sees of an answer. */
interface Answer {
  status: number;
  headers: [string, string][];
  body: unknown;
}

const config = readConfig(new Map([["LOG_LEVEL", "off"]]));
const lean = await createFetchHandler(config, undefined, { leanResponder: true });
const reference = await createFetchHandler(config, undefined, { leanResponder: false });

function httpRequest({ body, headers, bytes }: Exchange): Request {
  return new Request(URL, {
    method: "POST",
    headers: { host: "127.0.0.1:8000", "content-type": "application/json", ...headers },
    body: bytes ?? body,
  });
}

/** `exchange` as the listener hands it to `handler`: read by its parser from the bytes sent. */
async function received(
  handler: FetchHandler,
  { body, headers, bytes }: Exchange,
): Promise<Response> {
  const content = bytes ?? encoder.encode(body);
  const head = [
    "POST /mcp HTTP/1.1",
    "Host: 127.0.0.1:8000",
    "Content-Type: application/json",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${content.byteLength}\r\n\r\n`,
  ].join("\r\n");
  // The head one byte per character, as the header values are written; the body in UTF-8.
  const sent = new Uint8Array(head.length + content.byteLength);
  sent.set(Uint8Array.from(head, (char) => char.charCodeAt(0)));
  sent.set(content, head.length);
  const request = await receive(sent, {
    origin: ORIGIN,
    limits: { maxBodyBytes: MAX_BODY_BYTES },
  });
  return await handler(request, INFO);
}

/** What a client sees of `handler`'s answer to `exchange`, sent as a `Request` or as received. */
async function send(
  handler: FetchHandler,
  exchange: Exchange,
  form: "Request" | "received" = "Request",
): Promise<Answer> {
  const response =
    await (form === "Request" ? handler(httpRequest(exchange)) : received(handler, exchange));
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Compared as text.
  }
  return { status: response.status, headers: [...response.headers].sort(), body };
}

/** Sends `exchange` down both paths, the lean responder in both forms, and requires the same answer. */
async function assertSameAnswer(exchange: Exchange): Promise<Answer> {
  const expected = await send(reference, exchange);
  const actual = await send(lean, exchange);
  assert.deepStrictEqual(
    actual,
    expected,
    `the lean and SDK responders differ on ${describe(exchange)}`,
  );
  assert.deepStrictEqual(
    await send(lean, exchange, "received"),
    expected,
    `the lean responder, given the request as received, differs on ${describe(exchange)}`,
  );
  return actual;
}

function describe({ body, headers }: Exchange): string {
  return `${body.length > 600 ? `${body.slice(0, 600)}…` : body} with ${JSON.stringify(headers)}`;
}

/**
 * A lean responder around an SDK responder that counts what it is asked: `answered` tells whether
 * the lean responder answered a request itself, once it has learnt that request's kind.
 */
class CountingLeanResponder {
  consulted = 0;
  /** What the SDK's responder reported as unexpected failures of the tool. */
  readonly failures: unknown[] = [];
  readonly #lean: LeanResponder;

  constructor(cacheScope: "public" | "private" = "public") {
    const sdk = new SdkResponder({ cacheScope, onError: (error) => this.failures.push(error) });
    this.#lean = new LeanResponder({
      respond: (context) => {
        this.consulted++;
        return sdk.respond(context);
      },
    });
  }

  /**
   * Whether the lean responder answers `exchange` without the SDK (after learning its kind);
   * `message` stands for the parsed body, for values JSON cannot carry.
   */
  async answered(
    exchange: Exchange,
    signal = new AbortController().signal,
    message: unknown = JSON.parse(exchange.body),
  ): Promise<boolean> {
    const request = httpRequest(exchange);
    for (let attempt = 0; attempt < 2; attempt++) {
      const before = this.consulted;
      const context = { request, url: new globalThis.URL(request.url), message, signal };
      await (await this.#lean.respond(context)).text();
      if (this.consulted === before) return true;
    }
    return false;
  }
}

// ---- Generated requests ----

const MEMBER_METHODS = ["tools/call", "tools/list", "resources/read", "server/discover"];
const OTHER_METHODS = [
  "initialize",
  "ping",
  "resources/list",
  "resources/templates/list",
  "prompts/list",
  "notifications/initialized",
  "tools/List",
  "",
];
const VERSIONS = [...SUPPORTED_PROTOCOL_VERSIONS, MODERN, "2026-07-29", "2099-01-01", "latest", ""];

const id = fc.oneof(
  { arbitrary: fc.integer(), weight: 12 },
  { arbitrary: fc.stringMatching(/^[\x20-\x7e]{1,24}$/), weight: 10 },
  fc.maxSafeInteger(),
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.double(),
  fc.constantFrom(0, 2 ** 53, -(2 ** 53), 1.5, 1e21, null, true, false, "", "x".repeat(129)),
  fc.constantFrom([], [1], {}, { id: 1 }),
);

const capabilities = fc.oneof(
  { arbitrary: fc.constant({}), weight: 8 },
  {
    arbitrary: fc.constantFrom(
      { roots: { listChanged: true } },
      { sampling: {}, elicitation: {} },
      { elicitation: { form: { applyDefaults: true }, url: {} } },
      {
        extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } },
      },
      { experimental: { feature: {} } },
      { tasks: { list: {} } },
      { custom: 1 },
    ),
    weight: 4,
  },
  fc.constantFrom(
    null,
    [],
    "all",
    { roots: { listChanged: "yes" } },
    { extensions: { "io.modelcontextprotocol/ui": true } },
    { sampling: [] },
    { elicitation: { form: { applyDefaults: 1 } } },
    { experimental: { feature: 1 } },
    { tasks: { list: 1 } },
  ),
);
const clientInfo = fc.constantFrom(
  { name: "client", version: "1.0.0" },
  { name: "client", version: "1.0.0", title: "Client", websiteUrl: "https://client.example" },
  { name: "client", version: "1.0.0", icons: [{ src: "https://client.example/icon.png" }] },
  { name: "client" },
  { name: 1, version: "1.0.0" },
  { name: "client", version: "1.0.0", icons: [{}] },
  "client",
);
/** `_meta`: absent (the 2025 era), an envelope (complete, partial, odd), or not an object. */
const meta = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 5 },
  {
    arbitrary: fc.record({
      version: fc.option(
        fc.oneof({ arbitrary: fc.constant(MODERN), weight: 8 }, fc.constantFrom(...VERSIONS, 1)),
        { freq: 12, nil: undefined },
      ),
      capabilities: fc.option(capabilities, { freq: 12, nil: undefined }),
      client: fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, clientInfo),
      extra: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 12 },
        fc.constantFrom<[string, unknown]>(
          ["progressToken", 1],
          ["io.modelcontextprotocol/logLevel", "debug"],
          ["io.modelcontextprotocol/related-task", { taskId: "t" }],
          ["traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"],
          ["other", 1],
        ),
      ),
    }).map(({ version, capabilities, client, extra }) => {
      const envelope: Record<string, unknown> = {};
      if (version !== undefined) envelope[PROTOCOL_VERSION] = version;
      if (capabilities !== undefined) envelope[CLIENT_CAPABILITIES] = capabilities;
      if (client !== undefined) envelope[CLIENT_INFO] = client;
      if (extra !== undefined) envelope[extra[0]] = extra[1];
      return envelope;
    }),
    weight: 10,
  },
  fc.constantFrom(null, [], "meta", 1),
);

const toolName = fc.oneof(
  { arbitrary: fc.constant("render_results"), weight: 8 },
  fc.constantFrom("render-results", "Render_results", "search", "", 1, null),
);
const toolArguments = fc.oneof(
  { arbitrary: cases.map(({ args }) => args), weight: 10 },
  fc.constantFrom(undefined, null, [], "results", 1, { ["__proto__"]: { results: [] } }),
);
const uri = fc.oneof(
  { arbitrary: fc.constant(VIEW_URI), weight: 6 },
  fc.constantFrom("ui://render-results/view-0000000000000000.html", "https://example.com/", "", 1),
);
const extraKey = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 30 },
  fc.constantFrom("cursor", "task", "extra", "__proto__"),
);

/** The params of a request to `method`, without `_meta`. */
function paramsFor(method: string): fc.Arbitrary<Record<string, unknown> | undefined> {
  const own = method === "tools/call"
    ? fc.record({ name: toolName, arguments: toolArguments }, { requiredKeys: ["name"] })
    : method === "resources/read"
    ? fc.record({ uri })
    : fc.oneof(fc.constant({}), fc.constant(undefined));
  return fc.tuple(own, extraKey).map(([params, extra]) => {
    if (extra === undefined) return params;
    const withExtra = { ...params };
    Object.defineProperty(withExtra, extra, { value: 1, enumerable: true, writable: true });
    return withExtra;
  });
}

const message = fc.oneof(
  { arbitrary: fc.constantFrom(...MEMBER_METHODS), weight: 10 },
  fc.constantFrom(...OTHER_METHODS),
).chain((method) =>
  fc.record({
    method: fc.constant(method),
    params: paramsFor(method),
    meta,
    id,
    jsonrpc: fc.oneof(
      { arbitrary: fc.constant("2.0"), weight: 40 },
      fc.constantFrom("1.0", 2, undefined),
    ),
    shape: fc.oneof(
      { arbitrary: fc.constant("request" as const), weight: 40 },
      fc.constantFrom("notification" as const, "batch" as const, "extra field" as const),
    ),
  })
).map(({ method, params, meta, id, jsonrpc, shape }) => {
  let body: Record<string, unknown> = { jsonrpc, id, method };
  if (params !== undefined || meta !== undefined) {
    body.params = meta === undefined ? params : { ...params, _meta: meta };
  }
  if (shape === "notification") delete body.id;
  if (shape === "extra field") body = { ...body, result: {} };
  return shape === "batch" ? [body] : body;
});

/** A header: the value the body implies, absent, another one, padded, or (names) encoded. */
const headerChoice = fc.oneof(
  { arbitrary: fc.constant("match" as const), weight: 40 },
  fc.constantFrom(
    "absent" as const,
    "other" as const,
    "padded" as const,
    "doubled" as const,
    "encoded" as const,
  ),
);

const exchange = fc.record({
  message,
  accept: fc.oneof(
    { arbitrary: fc.constant(ACCEPT), weight: 40 },
    fc.constantFrom(undefined, "application/json", "text/event-stream", "*/*", "text/html"),
  ),
  version: headerChoice,
  legacyVersion: fc.constantFrom(undefined, ...SUPPORTED_PROTOCOL_VERSIONS),
  method: headerChoice,
  name: headerChoice,
}).map(({ message, accept, version, legacyVersion, method, name }): Exchange => {
  const body = (Array.isArray(message) ? message[0] : message) as Record<string, unknown>;
  const params = body.params as Record<string, unknown> | undefined;
  const envelope = params?._meta as Record<string, unknown> | undefined;
  const claimed = typeof envelope?.[PROTOCOL_VERSION] === "string"
    ? envelope[PROTOCOL_VERSION] as string
    : legacyVersion;
  const named = body.method === "tools/call"
    ? params?.name
    : body.method === "resources/read"
    ? params?.uri
    : undefined;
  const headers: Record<string, string> = {};
  if (accept !== undefined) headers.accept = accept;
  const set = (header: string, choice: typeof version, value: unknown, other: string) => {
    if (typeof value !== "string" || value === "") {
      if (choice !== "absent" && choice !== "match") headers[header] = other;
      return;
    }
    switch (choice) {
      case "match":
        headers[header] = value;
        break;
      case "other":
        headers[header] = other;
        break;
      case "padded":
        headers[header] = ` \t${value} `;
        break;
      case "doubled":
        headers[header] = `${value}, ${value}`;
        break;
      case "encoded":
        headers[header] = `=?base64?${
          btoa(String.fromCharCode(...new TextEncoder().encode(value)))
        }?=`;
        break;
    }
  };
  set("mcp-protocol-version", version, claimed, "2025-11-25");
  set("mcp-method", method, body.method, "tools/list");
  set("mcp-name", name, named, "search");
  // A bigint in generated metadata is sent as a number's digits; nothing else needs changing.
  const text = JSON.stringify(
    message,
    (_, value) => typeof value === "bigint" ? `${value}` : value,
  );
  return { body: text, headers };
});

// ---- The run ----

Deno.test("the lean responder answers generated requests exactly as the SDK does", async () => {
  const probe = new CountingLeanResponder();
  let answeredLean = 0;
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(exchange, async (exchange) => {
      runs++;
      await assertSameAnswer(exchange);
      if (await probe.answered(exchange)) answeredLean++;
    }),
    { numRuns: option("runs") ?? 10_000, seed: option("seed") },
  );
  // Both kinds of request are well represented: a run where the lean responder never answered would
  // prove nothing about it.
  assert.ok(answeredLean > runs * 0.3, `the lean responder answered ${answeredLean} of ${runs}`);
  assert.ok(answeredLean < runs * 0.8, `the SDK answered only ${runs - answeredLean} of ${runs}`);
});

// ---- Each branch once ----

const META = { [PROTOCOL_VERSION]: MODERN, [CLIENT_CAPABILITIES]: {} };
const ARGS = { results: [{ title: "Streamable HTTP", url: "https://example.com/mcp" }] };

/** A 2025-era request: no `_meta`, the version header when `version` is given. */
function legacy(method: string, params?: unknown, version?: string, id: unknown = 1): Exchange {
  const headers: Record<string, string> = { accept: ACCEPT };
  if (version !== undefined) headers["mcp-protocol-version"] = version;
  const message = params === undefined
    ? { jsonrpc: "2.0", id, method }
    : { jsonrpc: "2.0", id, method, params };
  return { body: JSON.stringify(message), headers };
}

/** A 2026-07-28 request with `_meta` (`meta` replaces it) and the standard headers. */
function modern(
  method: string,
  params: Record<string, unknown> = {},
  meta: unknown = META,
  headers: Record<string, string> = {},
): Exchange {
  const name = method === "tools/call" ? params.name : params.uri;
  return {
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: meta } }),
    headers: {
      accept: ACCEPT,
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
      ...(typeof name === "string" ? { "mcp-name": name } : {}),
      ...headers,
    },
  };
}

/**
 * `exchange` with an own `__proto__` key first in its arguments, as `JSON.parse` makes it: an
 * unknown field, which the SDK's validated copy of the request would not have.
 */
function withOwnProto(exchange: Exchange): Exchange {
  const body = exchange.body.replace('"arguments":{', '"arguments":{"__proto__":{},');
  return { ...exchange, body };
}

const CALL = { name: "render_results", arguments: ARGS };
const READ = { uri: VIEW_URI };
const raw = (message: unknown, headers = { accept: ACCEPT }) => ({
  body: JSON.stringify(message),
  headers,
});

/** Requests the lean responder answers itself, once it has learnt their kind. */
const ANSWERED: [string, Exchange][] = [
  ["a 2025-era call", legacy("tools/call", CALL)],
  ["a 2025-era call with invalid arguments", legacy("tools/call", { ...CALL, arguments: {} })],
  ["a 2025-era tools/list", legacy("tools/list")],
  ["a 2025-era tools/list with empty params", legacy("tools/list", {})],
  ["a 2025-era read of the view", legacy("resources/read", READ)],
  ...SUPPORTED_PROTOCOL_VERSIONS.map((version): [string, Exchange] => [
    `a 2025-era call at ${version}`,
    legacy("tools/call", CALL, version),
  ]),
  ["a string id", legacy("tools/list", undefined, undefined, "request-7")],
  ["a negative id", legacy("tools/list", undefined, undefined, -(2 ** 53 - 1))],
  ["a 2026-07-28 call", modern("tools/call", CALL)],
  ["a 2026-07-28 call with invalid arguments", modern("tools/call", { ...CALL, arguments: {} })],
  ["a 2025-era call with an own __proto__ argument", withOwnProto(legacy("tools/call", CALL))],
  ["a 2026-07-28 call with an own __proto__ argument", withOwnProto(modern("tools/call", CALL))],
  ["a 2026-07-28 tools/list", modern("tools/list")],
  ["a 2026-07-28 read of the view", modern("resources/read", READ)],
  ["server/discover", modern("server/discover")],
  [
    "client info and capabilities",
    modern("tools/list", {}, {
      ...META,
      [CLIENT_INFO]: { name: "client", version: "1.0.0" },
      [CLIENT_CAPABILITIES]: { roots: { listChanged: true }, extensions: { x: {} } },
    }),
  ],
  [
    "headers padded with whitespace",
    modern("tools/call", CALL, META, {
      "mcp-protocol-version": ` ${MODERN}\t`,
      "mcp-method": " tools/call ",
      "mcp-name": "\trender_results ",
    }),
  ],
];

/** Requests the lean responder leaves to the SDK. */
const LEFT: [string, Exchange][] = [
  ["a batch", raw([{ jsonrpc: "2.0", id: 1, method: "tools/list" }])],
  ["a notification", raw({ jsonrpc: "2.0", method: "tools/list" })],
  ["another JSON-RPC version", raw({ jsonrpc: "1.0", id: 1, method: "tools/list" })],
  ["an unknown field", raw({ jsonrpc: "2.0", id: 1, method: "tools/list", result: {} })],
  ["a null id", legacy("tools/list", undefined, undefined, null)],
  ["a fractional id", legacy("tools/list", undefined, undefined, 1.5)],
  ["an unsafe integer id", legacy("tools/list", undefined, undefined, 2 ** 53)],
  ["an empty string id", legacy("tools/list", undefined, undefined, "")],
  ["a non-ASCII string id", legacy("tools/list", undefined, undefined, "é")],
  ["an object id", legacy("tools/list", undefined, undefined, {})],
  ["another method", legacy("ping")],
  ["initialize", legacy("initialize", { protocolVersion: "2025-11-25" })],
  ["params that are an array", legacy("tools/list", [])],
  ["an unknown param", legacy("tools/list", { cursor: "x" })],
  ["a 2025-era server/discover", legacy("server/discover")],
  ["no Accept header", { ...legacy("tools/list"), headers: {} }],
  ["an Accept header without event streams", {
    ...legacy("tools/list"),
    headers: { accept: "application/json" },
  }],
  ["an unknown version header", legacy("tools/list", undefined, "2024-01-01")],
  ["a 2026 version header without _meta", legacy("tools/list", undefined, MODERN)],
  ["_meta that is not an object", modern("tools/list", {}, [])],
  ["_meta without a version", modern("tools/list", {}, { [CLIENT_CAPABILITIES]: {} })],
  [
    "_meta with another version",
    modern("tools/list", {}, { ...META, [PROTOCOL_VERSION]: "2026-07-29" }),
  ],
  ["_meta without capabilities", modern("tools/list", {}, { [PROTOCOL_VERSION]: MODERN })],
  ["_meta with another key", modern("tools/list", {}, { ...META, progressToken: 1 })],
  [
    "invalid capabilities",
    modern("tools/list", {}, { ...META, [CLIENT_CAPABILITIES]: { roots: 1 } }),
  ],
  ["invalid client info", modern("tools/list", {}, { ...META, [CLIENT_INFO]: { name: "client" } })],
  ["no version header", modern("tools/list", {}, META, { "mcp-protocol-version": "" })],
  [
    "another version header",
    modern("tools/list", {}, META, { "mcp-protocol-version": "2025-11-25" }),
  ],
  ["another method header", modern("tools/list", {}, META, { "mcp-method": "tools/call" })],
  ["another name header", modern("tools/call", CALL, META, { "mcp-name": "search" })],
  [
    "an encoded name header",
    modern("tools/call", CALL, META, {
      "mcp-name": `=?base64?${btoa("render_results")}?=`,
    }),
  ],
  ["another tool", legacy("tools/call", { ...CALL, name: "search" })],
  ["arguments that are not an object", legacy("tools/call", { ...CALL, arguments: [] })],
  ["no arguments", legacy("tools/call", { name: "render_results" })],
  ["another resource", legacy("resources/read", { uri: "ui://render-results/other.html" })],
];

Deno.test("the lean responder answers each kind of request it recognises, as the SDK does", async () => {
  const probe = new CountingLeanResponder();
  for (const [name, exchange] of ANSWERED) {
    await assertSameAnswer(exchange);
    assert.ok(await probe.answered(exchange), `the lean responder left ${name} to the SDK`);
  }
});

Deno.test("long answers made one after another each keep their own bytes until read", async () => {
  // Two answers of 50 results, each long enough to be encoded at once, the second longer and
  // beyond Latin-1: both are made before either is read.
  const results = longResults(50);
  const calls = [results, typographic(results)].map((list) =>
    legacy("tools/call", { name: "render_results", arguments: { results: list } })
  );
  const expected = await Promise.all(calls.map((call) => send(reference, call)));
  await lean(httpRequest(calls[0]));
  const responses = [];
  for (const call of calls) responses.push(await lean(httpRequest(call)));
  for (const [i, response] of responses.entries()) {
    const text = await response.text();
    assert.ok(text.length > 16_384);
    assert.deepStrictEqual(JSON.parse(text), expected[i].body);
  }
});

Deno.test("the lean responder leaves anything unusual to the SDK", async () => {
  const probe = new CountingLeanResponder();
  // Every kind is learnt first, so that leaving a request is the lean responder's own decision.
  for (const [, exchange] of ANSWERED) await probe.answered(exchange);
  for (const [name, exchange] of LEFT) {
    // An empty header is sent as no header at all.
    const headers = Object.fromEntries(Object.entries(exchange.headers).filter(([, v]) => v));
    await assertSameAnswer({ ...exchange, headers });
    assert.ok(
      !await probe.answered({ ...exchange, headers }),
      `the lean responder answered ${name}`,
    );
  }
});

Deno.test("the lean responder learns each kind of answer from the SDK, once and only from a success", async () => {
  const probe = new CountingLeanResponder();
  const invalid = modern("tools/call", { ...CALL, arguments: {} });
  await probe.answered(invalid);
  assert.equal(probe.consulted, 2, "an error teaches nothing: both attempts asked the SDK");
  assert.ok(await probe.answered(modern("tools/call", CALL)));
  assert.equal(probe.consulted, 3);
  assert.ok(await probe.answered(invalid), "after a success, errors are answered too");
  assert.ok(await probe.answered(legacy("tools/list")));
  assert.ok(await probe.answered(legacy("tools/list", undefined, "2025-06-18")));
  assert.equal(probe.consulted, 5, "each version is a kind of its own");
});

Deno.test("the lean responder leaves an unexpected failure of the tool to the SDK, which reports it", async () => {
  const probe = new CountingLeanResponder();
  const exchange = legacy("tools/call", CALL);
  assert.ok(await probe.answered(exchange));
  // Only a caller in this process can pass a value whose reading throws.
  const failing = JSON.parse(exchange.body);
  Object.defineProperty(failing.params.arguments.results[0], "text", {
    enumerable: true,
    get() {
      throw new Error("reading failed");
    },
  });
  assert.ok(!await probe.answered(exchange, undefined, failing));
  assert.ok(probe.failures.length > 0);
  assert.ok(probe.failures.every((error) => (error as Error).message === "reading failed"));
});

Deno.test("the lean responder measures arguments sent as invalid UTF-8 as the SDK does", async () => {
  // Each invalid byte is read as U+FFFD, three bytes in the arguments' JSON: a body well under
  // the argument limit carries arguments over it.
  const call = legacy("tools/call", {
    ...CALL,
    arguments: { results: [{ title: "t", url: "https://example.com/", metadata: { x: "@" } }] },
  });
  const [before, after] = call.body.split("@");
  const invalid = new Uint8Array(30_000).fill(0xff);
  const bytes = new Uint8Array([...encoder.encode(before), ...invalid, ...encoder.encode(after)]);
  // The first call teaches the lean responder the kind; the second it answers itself.
  for (let round = 0; round < 2; round++) await assertSameAnswer(legacy("tools/call", CALL));
  const answer = await assertSameAnswer({ ...call, bytes });
  assert.deepStrictEqual((answer.body as { error: unknown }).error, {
    code: -32602,
    message: "Invalid arguments: must be at most 65,536 bytes as UTF-8 JSON.",
  });
});

Deno.test("the lean responder leaves a request whose deadline has passed to the SDK", async () => {
  const probe = new CountingLeanResponder();
  const exchange = legacy("tools/list");
  assert.ok(await probe.answered(exchange));
  assert.ok(!await probe.answered(exchange, AbortSignal.abort()));
});

Deno.test("the lean responder answers as the SDK does when callers authenticate (private caches)", async () => {
  const key = "key-lean-path";
  const env = {
    LOG_LEVEL: "off",
    MCP_PUBLIC_URL: "http://127.0.0.1:8000",
    MCP_API_KEYS_SHA256: await sha256Hex(key),
  };
  const authenticated = readConfig(new Map(Object.entries(env)));
  const leanWithAuth = await createFetchHandler(authenticated, undefined, { leanResponder: true });
  const sdkWithAuth = await createFetchHandler(authenticated, undefined, { leanResponder: false });
  for (
    const exchange of [modern("tools/list"), modern("server/discover"), modern("tools/call", CALL)]
  ) {
    for (let round = 0; round < 2; round++) {
      const withKey = {
        ...exchange,
        headers: { ...exchange.headers, authorization: `Bearer ${key}` },
      };
      const expected = await send(sdkWithAuth, withKey);
      assert.deepStrictEqual(await send(leanWithAuth, withKey), expected);
      assert.deepStrictEqual(await send(leanWithAuth, withKey, "received"), expected);
      assert.equal(expected.status, 200);
    }
  }
  const listed = await send(leanWithAuth, {
    ...modern("tools/list"),
    headers: { ...modern("tools/list").headers, authorization: `Bearer ${key}` },
  });
  assert.equal((listed.body as { result: { cacheScope: string } }).result.cacheScope, "private");
});
