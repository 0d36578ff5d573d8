/**
 * The MCP step of `/mcp`: one server instance per request, for clients of both protocol eras.
 * 2026-07-28 requests (per-request `_meta`) go through the SDK's `createMcpHandler`, which owns
 * that revision's checks (protocol version, standard headers, envelope). Requests of 2025-11-25
 * and earlier (`initialize`, then calls) get a stateless transport that answers in plain JSON.
 * An exchange is torn down when its request's deadline passes, and the SDK's refusals are
 * answered in the server's own words.
 * @module
 */

import {
  type AuthInfo,
  createMcpHandler,
  isLegacyRequest,
  type McpHttpHandler,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { createMcpServer, type McpServerOptions } from "../mcp_server.ts";
import { batchRefusal, withoutCancelled } from "./batch.ts";
import { LeanPath } from "./lean_path.ts";
import { ownRefusal } from "./sdk_refusal.ts";
import { type Step, untilAborted } from "./steps.ts";

/** What a request brings besides its HTTP message. */
export interface ExchangeContext {
  /** Aborts when the request's deadline passes; the exchange is then torn down. */
  signal: AbortSignal;
  /** The verified principal, when auth is on. */
  authInfo?: AuthInfo;
}

/** The last step of `/mcp`: answers the parsed body with `endpoint`, within the deadline. */
export function serveMcp(endpoint: McpEndpoint): Step {
  return (context) => {
    const answer = endpoint.handle(context.request, context.message, context);
    // The lean path answers at once; only a wait for the SDK needs to listen to the deadline
    // (listening costs an abort listener and three promises per request).
    return answer instanceof Response
      ? Promise.resolve(answer)
      : untilAborted(context.signal, answer);
  };
}

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

  /** Answers `request`, whose body is `message`: at once when the lean path can. */
  handle(
    request: Request,
    message: unknown,
    context: ExchangeContext,
  ): Response | Promise<Response> {
    return this.#lean?.answer(request, message, context) ??
      this.#handleWithSdk(request, message, context);
  }

  async #handleWithSdk(
    request: Request,
    message: unknown,
    context: ExchangeContext,
  ): Promise<Response> {
    if (!await isLegacyRequest(request, message)) {
      return await ownRefusal(
        await this.#handleModern(request, message, context),
        request,
        message,
      );
    }
    if (Array.isArray(message)) {
      const refusal = batchRefusal(request, message);
      if (refusal !== undefined) return refusal;
      message = withoutCancelled(message);
    }
    return await ownRefusal(await this.#handleLegacy(request, message, context), request, message);
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
