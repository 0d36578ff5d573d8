/**
 * The MCP endpoint proper: one server instance per request, for clients of both protocol eras.
 * 2026-07-28 requests (per-request `_meta`) go through the SDK's `createMcpHandler`, which owns
 * that revision's checks (protocol version, standard headers, envelope). Requests of 2025-11-25
 * and earlier (`initialize`, then calls) get a stateless transport that answers in plain JSON.
 * An exchange is torn down when its request's deadline passes, and the SDK's refusals are
 * reworded so that they repeat nothing the client sent.
 * @module
 */

import {
  type AuthInfo,
  createMcpHandler,
  isLegacyRequest,
  type McpHttpHandler,
  ProtocolErrorCode,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { createMcpServer, type McpServerOptions } from "../mcp_server.ts";
import { jsonRpcErrorResponse, requestIdOf } from "./json_rpc_error.ts";
import { LeanPath } from "./lean_path.ts";

/** What a request brings besides its HTTP message. */
export interface ExchangeContext {
  /** Aborts when the request's deadline passes; the exchange is then torn down. */
  signal: AbortSignal;
  /** The verified principal, when auth is on. */
  authInfo?: AuthInfo;
}

/** The code of a refusal because the standard headers disagree with the body (2026-07-28). */
const HEADER_MISMATCH = -32020;
const STANDARD_HEADERS = ["MCP-Protocol-Version", "Mcp-Method", "Mcp-Name"];
/**
 * A requested version the refusal may repeat, as the 2026-07-28 revision asks: a short token of
 * version characters. Anything else a client sends as its version is not repeated.
 */
const VERSION_TOKEN = /^[A-Za-z0-9._-]{1,32}$/;

/** Answers MCP requests whose body the web layer has already read and parsed. */
export class McpEndpoint {
  readonly #options: McpServerOptions;
  readonly #modern: McpHttpHandler;
  readonly #lean?: LeanPath;

  /**
   * `onRejected` hears why the SDK refused a 2026-07-28 request. With `leanPath` (the default),
   * the hot requests are answered by the lean path (`lean_path.ts`), proven to answer as the SDK.
   */
  constructor(options: McpServerOptions, onRejected?: (error: Error) => void, leanPath = true) {
    this.#options = options;
    this.#modern = createMcpHandler(() => createMcpServer(options), {
      legacy: "reject",
      onerror: onRejected,
    });
    if (leanPath) this.#lean = new LeanPath(new McpEndpoint(options, onRejected, false));
  }

  /** Answers `request`, whose body is `message`. */
  async handle(request: Request, message: unknown, context: ExchangeContext): Promise<Response> {
    const lean = this.#lean?.answer(request, message, context);
    if (lean !== undefined) return await lean;
    const response = await isLegacyRequest(request, message)
      ? await this.#handleLegacy(request, message, context)
      : await this.#handleModern(request, message, context);
    return response.ok ? response : await reworded(response, message);
  }

  #handleModern(received: Request, message: unknown, context: ExchangeContext) {
    // The SDK tears the exchange down when the request's signal aborts: it gets the deadline's
    // signal, not the HTTP server's (listening to that one makes Deno print a warning). It
    // sees the request's method and headers only; its body is `message`.
    const request = new Request(received.url, {
      method: received.method,
      headers: received.headers,
      signal: context.signal,
    });
    return this.#modern.fetch(request, { parsedBody: message, authInfo: context.authInfo });
  }

  async #handleLegacy(request: Request, message: unknown, context: ExchangeContext) {
    const server = createMcpServer(this.#options);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const close = () => server.close();
    context.signal.addEventListener("abort", close, { once: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, {
        parsedBody: message,
        authInfo: context.authInfo,
      });
    } finally {
      context.signal.removeEventListener("abort", close);
      await close();
    }
  }
}

/**
 * The SDK's refusal in `response`, with a message and data of its own: the SDK's own texts
 * repeat header values and parts of the body.
 */
async function reworded(response: Response, message: unknown): Promise<Response> {
  if (!response.headers.get("content-type")?.startsWith("application/json")) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const unchanged = () => new Response(text, { status: response.status, headers });
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return unchanged();
  }
  const error = body?.error;
  if (typeof error?.code !== "number") return unchanged();
  const { code } = error;
  const answer = (text: string, data?: unknown) => {
    const reply = jsonRpcErrorResponse(response.status, code, text, {
      id: body.id ?? requestIdOf(message),
      headers,
    });
    if (data === undefined) return reply;
    return Response.json({ jsonrpc: "2.0", error: { code, message: text, data }, id: body.id }, {
      status: response.status,
      headers,
    });
  };
  switch (code) {
    case HEADER_MISMATCH: {
      const named = STANDARD_HEADERS.find((name) => String(error.message).includes(name));
      return answer(
        `Header mismatch: the ${named ?? "MCP-Protocol-Version, Mcp-Method and Mcp-Name"} ` +
          "header must be sent and match the body.",
      );
    }
    case ProtocolErrorCode.UnsupportedProtocolVersion: {
      const { supported, requested } = error.data ?? {};
      return answer(`Unsupported protocol version: the server speaks ${supported?.join(", ")}.`, {
        supported,
        ...(typeof requested === "string" && VERSION_TOKEN.test(requested) ? { requested } : {}),
      });
    }
    case ProtocolErrorCode.InvalidParams:
      // The server's own -32602 errors (invalid arguments, SEP-2164) repeat nothing; the SDK's
      // name the envelope keys that are missing.
      if (error.data?.envelope === undefined) return unchanged();
      return answer(
        "Invalid params: a 2026-07-28 request carries _meta with " +
          "io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities.",
        { envelope: error.data.envelope },
      );
    case ProtocolErrorCode.MethodNotFound:
      return answer("Method not found.");
    case ProtocolErrorCode.InvalidRequest:
      return answer("Invalid request: the body is not a JSON-RPC request this server takes.");
    default:
      return answer(FIXED_MESSAGES[response.status] ?? "Bad request.");
  }
}

/** Messages for the HTTP-level refusals of the SDK's transports, by status. */
const FIXED_MESSAGES: Record<number, string> = {
  400: "Bad request: the request is not one this server takes.",
  404: "Not found.",
  405: "Method not allowed: this stateless server takes POST only.",
  406: "Not acceptable: the Accept header must name application/json and text/event-stream.",
  415: "Unsupported media type: the Content-Type must be application/json.",
};
