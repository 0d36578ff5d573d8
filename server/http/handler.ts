/**
 * The web layer: routes requests and guards `/mcp` (Host and Origin, method, body size, JSON)
 * before a stateless MCP server answers it.
 * @module
 */

import type { Config } from "../config.ts";
import { createMcpServer, type McpApp } from "../mcp_server.ts";
import { type AuthInfo, WebStandardStreamableHTTPServerTransport } from "../sdk.ts";
import { readJsonBody } from "./body.ts";
import { preflightResponse, withCors } from "./cors.ts";
import { RequestGuard } from "./guard.ts";
import { jsonRpcErrorResponse, SERVER_ERROR } from "./json_rpc_error.ts";

/** The path of the MCP endpoint. */
export const MCP_PATH = "/mcp";

/** A `fetch`-style request handler, as `Deno.serve` and `deno serve` take it. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** Creates the handler for every path the server answers. */
export function createFetchHandler(app: McpApp, config: Config): FetchHandler {
  const guard = new RequestGuard(config);

  async function handleMcp(request: Request): Promise<Response> {
    if (!guard.allowsHost(request.headers.get("host"))) {
      return jsonRpcErrorResponse(403, SERVER_ERROR, "Forbidden: this Host is not allowed.");
    }
    const origin = request.headers.get("origin");
    if (!guard.allowsOrigin(origin)) {
      return jsonRpcErrorResponse(403, SERVER_ERROR, "Forbidden: this Origin is not allowed.");
    }
    if (request.method === "OPTIONS") return preflightResponse(origin);
    return withCors(await handleMcpPost(request), origin);
  }

  async function handleMcpPost(request: Request): Promise<Response> {
    if (request.method !== "POST") {
      return jsonRpcErrorResponse(
        405,
        SERVER_ERROR,
        "Method not allowed: this stateless server takes POST only.",
        { Allow: "POST, OPTIONS" },
      );
    }
    const authInfo: AuthInfo | undefined = undefined;
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const server = createMcpServer(app);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: body.value, authInfo });
    } finally {
      await server.close();
    }
  }

  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === MCP_PATH) return await handleMcp(request);
    if (pathname === "/healthz") {
      return request.method === "GET" || request.method === "HEAD"
        ? Response.json({ status: "ok" })
        : new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
    }
    return Response.json({ error: "Not found: the MCP endpoint is /mcp." }, { status: 404 });
  };
}
