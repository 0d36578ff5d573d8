/**
 * The MCP endpoint proper: one server instance per request, for clients of both protocol eras.
 * 2026-07-28 requests (per-request `_meta`) go through the SDK's `createMcpHandler`, which owns
 * that revision's checks (protocol version, standard headers, envelope). Requests of 2025-11-25
 * and earlier (`initialize`, then calls) get a stateless transport that answers in plain JSON.
 * @module
 */

import {
  type AuthInfo,
  createMcpHandler,
  isLegacyRequest,
  type McpHttpHandler,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { type Catalog, createMcpServer, type McpServerOptions } from "../mcp_server.ts";

/** Answers MCP requests whose body the web layer has already read and parsed. */
export class McpEndpoint {
  readonly #catalog: Catalog;
  readonly #options: McpServerOptions;
  readonly #modern: McpHttpHandler;

  /** `onRejected` hears of each request the 2026-07-28 checks refuse. */
  constructor(
    catalog: Catalog,
    options: McpServerOptions,
    onRejected: (error: Error) => void = () => {},
  ) {
    this.#catalog = catalog;
    this.#options = options;
    this.#modern = createMcpHandler(() => createMcpServer(catalog, options), {
      legacy: "reject",
      onerror: onRejected,
    });
  }

  /** Answers `request`, whose body is `message`, for the principal in `authInfo`. */
  async handle(received: Request, message: unknown, authInfo?: AuthInfo): Promise<Response> {
    // The SDK sees the request's method and headers only (its body is `message`), and not the
    // HTTP server's abort signal: listening to that one makes Deno print a warning.
    const request = new Request(received.url, {
      method: received.method,
      headers: received.headers,
    });
    if (await isLegacyRequest(request, message)) {
      return await this.#handleLegacy(request, message, authInfo);
    }
    return await this.#modern.fetch(request, { parsedBody: message, authInfo });
  }

  async #handleLegacy(request: Request, message: unknown, authInfo?: AuthInfo) {
    const server = createMcpServer(this.#catalog, this.#options);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: message, authInfo });
    } finally {
      await server.close();
    }
  }
}
