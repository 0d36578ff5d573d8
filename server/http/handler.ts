/**
 * The web layer: routes requests and guards `/mcp` (Host and Origin, auth, method, body size,
 * JSON) before a stateless MCP server answers it; serves the protected-resource metadata when
 * auth is on; logs one line per request.
 * @module
 */

import type { Config } from "../config.ts";
import { createMcpServer, type McpApp } from "../mcp_server.ts";
import { WebStandardStreamableHTTPServerTransport } from "../sdk.ts";
import { MetadataDocuments, ProtectedResource } from "./auth/protected_resource.ts";
import { readJsonBody } from "./body.ts";
import { preflightResponse, withCors } from "./cors.ts";
import { RequestGuard } from "./guard.ts";
import { jsonRpcErrorResponse, SERVER_ERROR } from "./json_rpc_error.ts";
import { Logger, type RequestFacts } from "./log.ts";

/** The path of the MCP endpoint. */
export const MCP_PATH = "/mcp";

/** A `fetch`-style request handler, as `Deno.serve` and `deno serve` take it. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** Creates the handler for every path the server answers. */
export async function createFetchHandler(app: McpApp, config: Config): Promise<FetchHandler> {
  const guard = new RequestGuard(config);
  const logger = new Logger(config.logLevel);
  const resource = new ProtectedResource(config.publicUrl, MCP_PATH);
  // The auth modules (and jose) load only when auth is configured: they add to every cold start.
  const authenticator = config.auth !== undefined || config.apiKeyHashes.length > 0
    ? new (await import("./auth/authenticator.ts")).Authenticator(config, resource, logger)
    : undefined;
  const documents = config.auth && new MetadataDocuments(resource, config.auth);

  async function handleMcp(request: Request, url: URL, facts: RequestFacts): Promise<Response> {
    if (!guard.allowsHost(request.headers.get("host"))) {
      return jsonRpcErrorResponse(403, SERVER_ERROR, "Forbidden: this Host is not allowed.");
    }
    const origin = request.headers.get("origin");
    if (!guard.allowsOrigin(origin)) {
      return jsonRpcErrorResponse(403, SERVER_ERROR, "Forbidden: this Origin is not allowed.");
    }
    if (request.method === "OPTIONS") return preflightResponse(origin);
    return withCors(await handleMcpPost(request, url, facts), origin);
  }

  async function handleMcpPost(request: Request, url: URL, facts: RequestFacts): Promise<Response> {
    if (authenticator) {
      const auth = await authenticator.authenticate(request, url.origin);
      if (!auth.ok) return auth.response;
      facts.authInfo = auth.authInfo;
    }
    if (request.method !== "POST") {
      return jsonRpcErrorResponse(
        405,
        SERVER_ERROR,
        "Method not allowed: this stateless server takes POST only.",
        { Allow: "POST, OPTIONS" },
      );
    }
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    facts.body = body.value;
    const server = createMcpServer(app);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, {
        parsedBody: body.value,
        authInfo: facts.authInfo,
      });
    } finally {
      await server.close();
    }
  }

  async function route(request: Request, url: URL, facts: RequestFacts): Promise<Response> {
    const { pathname } = url;
    if (pathname === MCP_PATH) return await handleMcp(request, url, facts);
    if (documents?.serves(pathname)) return documents.respond(request, url.origin);
    if (pathname === "/healthz") {
      return request.method === "GET" || request.method === "HEAD"
        ? Response.json({ status: "ok" })
        : new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
    }
    return Response.json({ error: "Not found: the MCP endpoint is /mcp." }, { status: 404 });
  }

  return async (request) => {
    const url = new URL(request.url);
    const facts: RequestFacts = {};
    if (!logger.logsRequests) return await route(request, url, facts);
    const started = performance.now();
    let status = 500;
    try {
      const response = await route(request, url, facts);
      status = response.status;
      return response;
    } finally {
      logger.request(request, url.pathname, facts, status, performance.now() - started);
    }
  };
}
