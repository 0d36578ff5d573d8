/**
 * The web layer: routes each request and takes a request to `/mcp` through its steps in order
 * (guard, preflight, method, auth, body, MCP); serves the protected-resource metadata when auth
 * is on; logs one line per request. Whatever fails unexpectedly is answered with a JSON-RPC
 * internal error, never a bare 500.
 * @module
 */

import { type AuthInfo, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Config } from "../config.ts";
import type { Catalog } from "../mcp_server.ts";
import { MetadataDocuments, ProtectedResource } from "./auth/protected_resource.ts";
import { readJsonBody } from "./body.ts";
import { preflightResponse, withCors } from "./cors.ts";
import { RequestGuard } from "./guard.ts";
import { HTTP_ERROR, jsonRpcErrorResponse, requestIdOf } from "./json_rpc_error.ts";
import { describeMessage, Logger } from "./log.ts";
import { McpEndpoint } from "./mcp_endpoint.ts";

/** The path of the MCP endpoint. */
export const MCP_PATH = "/mcp";

/** A `fetch`-style request handler, as `Deno.serve` and `deno serve` take it. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** What the web layer learned of one request while answering it. */
interface RequestContext {
  /** The verified principal, once auth passed. */
  authInfo?: AuthInfo;
  /** The parsed JSON-RPC body, once it was read. */
  message?: unknown;
}

/** Creates the handler for every path the server answers. */
export async function createFetchHandler(catalog: Catalog, config: Config): Promise<FetchHandler> {
  const guard = new RequestGuard(config);
  const logger = new Logger(config.logLevel);
  const resource = new ProtectedResource(config.publicUrl, MCP_PATH);
  const authenticates = config.auth !== undefined || config.apiKeyHashes.length > 0;
  // The auth modules (and jose) load only when auth is configured: they add to every cold start.
  const authenticator = authenticates
    ? new (await import("./auth/authenticator.ts")).Authenticator(config, resource, logger)
    : undefined;
  const documents = config.auth && new MetadataDocuments(resource, config.auth);
  const endpoint = new McpEndpoint(catalog, { cacheScope: authenticates ? "private" : "public" });

  async function serveMcp(request: Request, url: URL, context: RequestContext) {
    const origin = request.headers.get("origin");
    if (!guard.allowsHost(request.headers.get("host"))) {
      return jsonRpcErrorResponse(403, HTTP_ERROR, "Forbidden: this Host is not allowed.");
    }
    if (!guard.allowsOrigin(origin)) {
      return jsonRpcErrorResponse(403, HTTP_ERROR, "Forbidden: this Origin is not allowed.");
    }
    if (request.method === "OPTIONS") return preflightResponse(origin);
    if (request.method !== "POST") {
      return withCors(
        jsonRpcErrorResponse(
          405,
          HTTP_ERROR,
          "Method not allowed: this stateless server takes POST only.",
          { headers: { Allow: "POST, OPTIONS" } },
        ),
        origin,
      );
    }
    if (authenticator) {
      const auth = await authenticator.authenticate(request, url.origin);
      if (!auth.ok) return withCors(auth.response, origin);
      context.authInfo = auth.authInfo;
    }
    const body = await readJsonBody(request);
    if (!body.ok) return withCors(body.response, origin);
    context.message = body.value;
    const response = await endpoint.handle(request, body.value, context.authInfo);
    return withCors(response, origin);
  }

  async function route(request: Request, url: URL, context: RequestContext) {
    const { pathname } = url;
    if (pathname === MCP_PATH) return await serveMcp(request, url, context);
    if (documents?.serves(pathname)) return documents.respond(request, url.origin);
    if (pathname === "/healthz") {
      return request.method === "GET" || request.method === "HEAD"
        ? Response.json({ status: "ok" })
        : new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
    }
    return Response.json({ error: "Not found: the MCP endpoint is /mcp." }, { status: 404 });
  }

  async function answer(request: Request, url: URL, context: RequestContext) {
    try {
      return await route(request, url, context);
    } catch (error) {
      logger.error("A request failed unexpectedly.", error);
      return jsonRpcErrorResponse(500, ProtocolErrorCode.InternalError, "Internal error.", {
        id: requestIdOf(context.message),
      });
    }
  }

  return async (request) => {
    const started = performance.now();
    const url = new URL(request.url);
    const context: RequestContext = {};
    const response = await answer(request, url, context);
    if (logger.logsRequests) {
      const principal = context.authInfo?.extra?.principal;
      logger.request({
        method: request.method,
        path: url.pathname,
        status: response.status,
        durationMs: performance.now() - started,
        ...describeMessage(context.message),
        principal: typeof principal === "string" ? principal : undefined,
      });
    }
    return response;
  };
}
