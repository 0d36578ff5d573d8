/**
 * The lean responder: a responder for the requests that carry the load (`tools/call` of
 * `render_results`, `tools/list`, `resources/read` of the view and `server/discover`) that
 * answers them without building an SDK server and transport per request. It wraps the SDK's
 * responder, hands it everything else, and answers exactly as it does: the same status, headers
 * and body (`lean_responder_test.ts` sends the same generated requests to both and compares them).
 * To keep that true it answers only what it recognises with certainty, a narrow set of
 * well-formed requests described below; anything else (batches, notifications, unknown fields,
 * odd ids, headers or `_meta` it does not expect, other methods, tools or resources) goes to the
 * SDK's responder unchanged. Why it exists, and what to check when the SDK is upgraded:
 * `docs/decisions/lean_responder.md`.
 *
 * It copies no answer either. The first request of each kind (method, era and protocol version)
 * goes to the SDK's responder, and the lean responder keeps what it answered: the whole result of
 * the methods whose result never changes, and, for `tools/call`, what the SDK adds to the tool's
 * own result in that era (`resultType` and the server's identity in 2026-07-28). Later requests of
 * that kind get the same result with their own id; a call gets `callRenderResults`' result (the
 * same function the SDK's handler calls) with those additions, or its -32602 error.
 * @module
 */

import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  isSpecType,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/server";
import {
  callRenderResults,
  InvalidParamsError,
  type JsonSource,
  RENDER_RESULTS,
  VIEW_URI,
} from "render-results-mcp";
import { isJsonObject } from "../json.ts";
import type { McpResponder } from "./mcp_responder.ts";
import type { RequestContext } from "./steps.ts";

/** The 2026-era revision the lean responder was proven against; any other is left to the SDK. */
const MODERN_VERSION = "2026-07-28";
const REQUEST_KEYS = new Set(["jsonrpc", "id", "method", "params"]);
const META_KEYS = new Set([
  PROTOCOL_VERSION_META_KEY,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
]);
/** The methods served, with the params each may carry. */
const PARAMS: Record<string, ReadonlySet<string>> = {
  "tools/call": new Set(["name", "arguments", "_meta"]),
  "tools/list": new Set(["_meta"]),
  "resources/read": new Set(["uri", "_meta"]),
  "server/discover": new Set(["_meta"]),
};
/** String ids taken: printable ASCII, as clients make them (counters, UUIDs). */
const STRING_ID = /^[\x20-\x7e]{1,128}$/;
const JSON_HEADERS = { "Content-Type": "application/json" };
const encoder = new TextEncoder();
/** The length from which an answer is encoded at once (see {@linkcode jsonResponse}). */
const ENCODED_AT_ONCE = 16_384;
/**
 * Where long answers are encoded: a `Response` copies the bytes it is given, so one buffer serves
 * every answer and saves an allocation of its size each. It grows to three bytes for each
 * character of the longest answer that did not fit; the argument cap keeps that a few hundred
 * KiB.
 */
let scratch = new Uint8Array(0);

/** A request the lean responder recognised. */
interface Recognised {
  /** Method, era and protocol version: requests of one kind get one result. */
  kind: string;
  id: string | number;
  /** The tool's arguments, for `tools/call`. */
  args?: Record<string, unknown>;
}

/** Answers the hot requests it recognises as the SDK would; see the module's notes. */
export class LeanResponder implements McpResponder {
  readonly #sdk: McpResponder;
  // Both maps are bounded: four methods, and only the protocol versions the SDK supports.
  /** The SDK's result, as JSON text, per kind of request whose result never changes. */
  readonly #results = new Map<string, string>();
  /** What the SDK adds to the tool's own result, per kind of `tools/call`. */
  readonly #additions = new Map<string, Record<string, unknown>>();

  /**
   * `sdk` is the SDK's responder, which answers what the lean responder leaves and the first
   * request of each kind.
   */
  constructor(sdk: McpResponder) {
    this.#sdk = sdk;
  }

  /**
   * Answers `context.request`, whose parsed body is `context.message`: at once when the lean
   * responder knows its kind, else through the SDK's responder.
   */
  respond(context: RequestContext): Response | Promise<Response> {
    return this.#answer(context) ?? this.#sdk.respond(context);
  }

  /** The lean responder's answer, or undefined to leave the request to the SDK's responder. */
  #answer(context: RequestContext): Response | Promise<Response> | undefined {
    if (context.signal.aborted) return undefined;
    const recognised = recognise(context.request, context.message);
    if (recognised === undefined) return undefined;
    const { kind, id, args } = recognised;
    if (args !== undefined) {
      const additions = this.#additions.get(kind);
      if (additions === undefined) return this.#learnCall(kind, id, args, context);
      return call(id, args, additions, context.messageSource);
    }
    const result = this.#results.get(kind);
    if (result === undefined) return this.#learnResult(kind, id, context);
    return jsonResponse(answerText(result, id));
  }

  async #learnResult(kind: string, id: string | number, context: RequestContext) {
    const [response, answer] = await this.#ask(context);
    if (answer !== undefined && answer.id === id) {
      this.#results.set(kind, JSON.stringify(answer.result));
    }
    return response;
  }

  async #learnCall(
    kind: string,
    id: string | number,
    args: Record<string, unknown>,
    context: RequestContext,
  ): Promise<Response> {
    const [response, answer] = await this.#ask(context);
    if (answer === undefined || answer.id !== id || !isJsonObject(answer.result)) return response;
    let own: Record<string, unknown>;
    try {
      own = callRenderResults(args) as Record<string, unknown>;
    } catch {
      return response;
    }
    const sent = answer.result;
    // The SDK's result must hold the tool's own unchanged; the rest is what it adds.
    if (Object.keys(own).some((key) => JSON.stringify(own[key]) !== JSON.stringify(sent[key]))) {
      return response;
    }
    const additions: Record<string, unknown> = {};
    for (const key of Object.keys(sent)) if (!Object.hasOwn(own, key)) additions[key] = sent[key];
    this.#additions.set(kind, additions);
    return response;
  }

  /** The SDK's answer to the request, and its JSON-RPC result when it is a plain success. */
  async #ask(
    context: RequestContext,
  ): Promise<[Response, { id: unknown; result: unknown } | undefined]> {
    const response = await this.#sdk.respond(context);
    if (response.status !== 200 || response.headers.get("content-type") !== "application/json") {
      return [response, undefined];
    }
    const text = await response.text();
    const copy = new Response(text, { status: response.status, headers: response.headers });
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return [copy, undefined];
    }
    const keys = isJsonObject(body) ? Object.keys(body).sort().join() : "";
    return [copy, keys === "id,jsonrpc,result" && body.jsonrpc === "2.0" ? body : undefined];
  }
}

/**
 * The answer to a call of the tool: its result with the SDK's additions, or its -32602 error.
 * `source`, the size of the body the arguments were parsed from, may settle theirs.
 */
function call(
  id: string | number,
  args: Record<string, unknown>,
  additions: Record<string, unknown>,
  source: JsonSource | undefined,
): Response | undefined {
  let body;
  try {
    body = { result: { ...callRenderResults(args, source), ...additions }, jsonrpc: "2.0", id };
  } catch (error) {
    // An unexpected failure is the SDK's to answer (and report): the call is pure, so it fails
    // there the same way.
    if (!(error instanceof InvalidParamsError)) return undefined;
    const { code, message, data } = error;
    body = { jsonrpc: "2.0", id, error: { code, message, ...data !== undefined && { data } } };
  }
  return jsonResponse(JSON.stringify(body));
}

/**
 * An answer whose body is `text`, a long one as UTF-8 bytes encoded at once (into
 * {@linkcode scratch}, which the `Response` copies): a body kept as a string stays on the JS heap
 * until the listener writes it, long enough under load to be promoted to the old generation;
 * bytes live outside the heap. A short one is handed over as a string.
 */
function jsonResponse(text: string): Response {
  if (text.length < ENCODED_AT_ONCE) return new Response(text, { headers: JSON_HEADERS });
  let { read, written } = encoder.encodeInto(text, scratch);
  if (read < text.length) {
    // UTF-8 takes at most three bytes for each UTF-16 code unit.
    scratch = new Uint8Array(text.length * 3);
    ({ written } = encoder.encodeInto(text, scratch));
  }
  return new Response(scratch.subarray(0, written), { headers: JSON_HEADERS });
}

/** The text of a JSON-RPC success answer whose result is the JSON text `result`. */
function answerText(result: string, id: string | number): string {
  return `{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}

/** What `message` is, when it is a request the lean responder answers with certainty. */
function recognise(request: Request, message: unknown): Recognised | undefined {
  if (!isJsonObject(message) || message.jsonrpc !== "2.0") return undefined;
  for (const key in message) if (!REQUEST_KEYS.has(key)) return undefined;
  const { id, method, params } = message;
  if (!(Number.isSafeInteger(id) || (typeof id === "string" && STRING_ID.test(id)))) {
    return undefined;
  }
  if (typeof method !== "string" || !Object.hasOwn(PARAMS, method)) return undefined;
  if (params !== undefined && !isJsonObject(params)) return undefined;
  const allowed = PARAMS[method];
  for (const key in params) if (!allowed.has(key)) return undefined;
  const version = params?._meta === undefined
    ? legacyVersion(request, method)
    : modernVersion(request, method, params._meta);
  if (version === undefined) return undefined;
  const recognised = { kind: `${method} ${version}`, id: id as string | number };
  switch (method) {
    case "tools/call": {
      const args = params?.arguments;
      if (params?.name !== RENDER_RESULTS || !isJsonObject(args)) return undefined;
      return { ...recognised, args };
    }
    case "resources/read":
      return params?.uri === VIEW_URI ? recognised : undefined;
    default:
      return recognised;
  }
}

/**
 * The protocol version of a request without `_meta`, a 2025-era one, or undefined when the lean
 * path leaves it: `server/discover`, and a version header the SDK's transport does not take.
 * `Accept` must name JSON and event streams, as that transport requires; `Mcp-Method` and
 * `Mcp-Name` mean nothing in this era.
 */
function legacyVersion(request: Request, method: string): string | undefined {
  if (method === "server/discover") return undefined;
  const accept = request.headers.get("accept");
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) {
    return undefined;
  }
  const version = request.headers.get("mcp-protocol-version");
  if (version === null) return "without a version header";
  return SUPPORTED_PROTOCOL_VERSIONS.includes(version) ? version : undefined;
}

/**
 * The protocol version of a 2026-07-28 request, or undefined unless its `_meta` envelope is
 * complete and valid by the SDK's own schemas, has no other keys, and the standard headers
 * match the body. (`Headers` has already trimmed the whitespace around each value.)
 */
function modernVersion(
  request: Request,
  method: string,
  meta: unknown,
): string | undefined {
  if (!isJsonObject(meta) || meta[PROTOCOL_VERSION_META_KEY] !== MODERN_VERSION) return undefined;
  for (const key in meta) if (!META_KEYS.has(key)) return undefined;
  const capabilities = meta[CLIENT_CAPABILITIES_META_KEY];
  const client = meta[CLIENT_INFO_META_KEY];
  if (!isJsonObject(capabilities) || !isSpecType.ClientCapabilities(capabilities)) {
    return undefined;
  }
  if (client !== undefined && !(isJsonObject(client) && isSpecType.Implementation(client))) {
    return undefined;
  }
  const { headers } = request;
  if (headers.get("mcp-protocol-version") !== MODERN_VERSION) return undefined;
  if (headers.get("mcp-method") !== method) return undefined;
  const name = method === "tools/call"
    ? RENDER_RESULTS
    : method === "resources/read"
    ? VIEW_URI
    : undefined;
  if (name !== undefined && headers.get("mcp-name") !== name) return undefined;
  return MODERN_VERSION;
}
