/**
 * The SDK's responder for `/mcp`: one server instance per request, for clients of both protocol
 * eras. 2026-07-28 requests (per-request `_meta`) go through the SDK's `createMcpHandler`, which
 * owns that revision's checks (protocol version, standard headers, envelope). Requests of
 * 2025-11-25 and earlier (`initialize`, then calls) get a stateless transport that answers in
 * plain JSON. An exchange is torn down when its request's deadline passes, and the SDK's refusals
 * are answered in the server's own words.
 * @module
 */

import {
  createMcpHandler,
  isLegacyRequest,
  type McpHttpHandler,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { createMcpServer, type McpServerOptions } from "../mcp_server.ts";
import { batchRefusal, withoutCancelled } from "./batch.ts";
import type { McpResponder } from "./mcp_responder.ts";
import { ownRefusal } from "./sdk_refusal.ts";
import type { RequestContext } from "./steps.ts";

/** The SDK's responder: answers every MCP request with a server and transport of its own. */
export class SdkResponder implements McpResponder {
  readonly #options: McpServerOptions;
  readonly #modern: McpHttpHandler;

  /** `onRejected` hears why the SDK refused a 2026-07-28 request. */
  constructor(options: McpServerOptions, onRejected?: (error: Error) => void) {
    this.#options = options;
    this.#modern = createMcpHandler(() => createMcpServer(options), {
      legacy: "reject",
      onerror: onRejected,
    });
  }

  /** Answers `context.request`, whose parsed body is `context.message`, in its era. */
  async respond(context: RequestContext): Promise<Response> {
    const { request } = context;
    let { message } = context;
    if (!await isLegacyRequest(request, message)) {
      return await ownRefusal(await this.#handleModern(context), request, message);
    }
    if (Array.isArray(message)) {
      const refusal = batchRefusal(request, message);
      if (refusal !== undefined) return refusal;
      message = withoutCancelled(message);
    }
    return await ownRefusal(
      await this.#handleLegacy(request, message, context),
      request,
      message,
    );
  }

  #handleModern({ request: received, message, signal, authInfo }: RequestContext) {
    // The SDK tears the exchange down when the request's signal aborts: it gets the deadline's
    // signal, not the HTTP server's (listening to that one makes Deno print a warning). It
    // sees the request's method and headers only; its body is `message`.
    const request = new Request(received.url, {
      method: received.method,
      headers: received.headers,
      signal,
    });
    return this.#modern.fetch(request, { parsedBody: message, authInfo });
  }

  async #handleLegacy(request: Request, message: unknown, context: RequestContext) {
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
