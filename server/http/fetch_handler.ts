/**
 * The web layer: routes each request and takes a request to `/mcp` through its steps in order
 * (guard, preflight, method, auth, body, MCP); serves the protected-resource metadata when auth
 * is on; logs one line per request. Every request is answered within the request deadline, and
 * whatever fails unexpectedly is answered with a JSON-RPC internal error, never a bare 500.
 * @module
 */

import { type AuthInfo, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Config } from "../config.ts";
import { MetadataDocuments, ProtectedResource } from "./auth/protected_resource.ts";
import { readJsonBody } from "./body.ts";
import { preflightResponse, withCors } from "./cors.ts";
import { RequestGuard } from "./guard.ts";
import { HTTP_ERROR, jsonRpcErrorResponse, requestIdOf } from "./json_rpc_error.ts";
import { describeMessage, Logger } from "../log.ts";
import { McpEndpoint } from "./mcp_endpoint.ts";
import { Deadlines } from "../timers.ts";

/** The path of the MCP endpoint. */
export const MCP_PATH = "/mcp";

/** How long a client is asked to wait after a 503, in seconds. */
const RETRY_AFTER_SECONDS = 1;
/** How late a request's deadline may pass. */
const DEADLINE_RESOLUTION_MS = 50;

/**
 * A `fetch`-style request handler, as `Deno.serve` and `deno serve` take it. A listener that has
 * read the body already passes its bytes beside the request.
 */
export type FetchHandler = (request: Request, body?: Uint8Array) => Promise<Response>;

/** What the web layer learned of one request while answering it. */
interface RequestContext {
  /** Aborts when the request's deadline passes. */
  signal: AbortSignal;
  /** Whether the body is being read: a deadline passing then is the client's slowness. */
  readingBody?: boolean;
  /** The body's bytes, when the listener read them already. */
  body?: Uint8Array;
  /** The verified principal, once auth passed. */
  authInfo?: AuthInfo;
  /** The parsed JSON-RPC body, once it was read. */
  message?: unknown;
}

/**
 * Creates the handler for every path the server answers. `leanPath: false` leaves every MCP
 * request to the SDK, the reference the lean path is tested against.
 */
export async function createFetchHandler(
  config: Config,
  logger: Logger = new Logger(config.logLevel),
  { leanPath = true }: { leanPath?: boolean } = {},
): Promise<FetchHandler> {
  const { limits } = config;
  const guard = new RequestGuard(config);
  const deadlines = new Deadlines(DEADLINE_RESOLUTION_MS);
  const resource = config.publicUrl === undefined
    ? undefined
    : new ProtectedResource(config.publicUrl, MCP_PATH);
  const authenticates = config.auth !== undefined || config.apiKeyHashes.length > 0;
  // The auth modules (and jose) load only when auth is configured: they add to every cold start.
  const authenticator = authenticates && resource
    ? new (await import("./auth/authenticator.ts")).Authenticator(config, resource, logger)
    : undefined;
  const documents = config.auth && resource && new MetadataDocuments(resource, config.auth);
  const endpoint = new McpEndpoint(
    {
      cacheScope: authenticates ? "private" : "public",
      onError: (error) => logger.error("render_results failed unexpectedly.", error),
    },
    (error) => logger.debug(`The SDK refused a request: ${error.message}`),
    leanPath,
  );
  let inFlight = 0;

  async function serveMcp(request: Request, context: RequestContext) {
    const verdict = guard.check(request.headers.get("host"), request.headers.get("origin"));
    if (!verdict.ok) return jsonRpcErrorResponse(verdict.status, HTTP_ERROR, verdict.message);
    const { origin } = verdict;
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
      const auth = await authenticator.authenticate(request);
      if (!auth.ok) return withCors(auth.response, origin);
      context.authInfo = auth.authInfo;
    }
    context.readingBody = true;
    const body = await readJsonBody(request, context.signal, context.body);
    context.readingBody = false;
    if (!body.ok) return withCors(body.response, origin);
    context.message = body.value;
    const response = await endpoint.handle(request, body.value, context);
    return withCors(response, origin);
  }

  async function route(request: Request, url: URL, context: RequestContext) {
    const { pathname } = url;
    if (pathname === MCP_PATH) return await serveMcp(request, context);
    if (documents?.serves(pathname)) return documents.respond(request);
    if (pathname === "/healthz") {
      return request.method === "GET" || request.method === "HEAD"
        ? Response.json({ status: "ok" })
        : new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
    }
    return Response.json({ error: "Not found: the MCP endpoint is /mcp." }, { status: 404 });
  }

  /** Answers within the request deadline, and with a JSON-RPC error if anything throws. */
  async function answer(
    request: Request,
    url: URL,
    context: RequestContext,
    controller: AbortController,
  ) {
    if (inFlight >= limits.maxInFlight) {
      return jsonRpcErrorResponse(
        503,
        HTTP_ERROR,
        "Service unavailable: too many requests at once; retry shortly.",
        { headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
      );
    }
    inFlight++;
    let cancelDeadline = () => {};
    const deadline = new Promise<Response>((resolve) => {
      cancelDeadline = deadlines.add(limits.requestTimeoutMs, () => {
        controller.abort(new DOMException("The request deadline passed.", "TimeoutError"));
        resolve(timedOut(context, limits.requestTimeoutMs));
      });
    });
    try {
      return await Promise.race([route(request, url, context), deadline]);
    } catch (error) {
      if (controller.signal.aborted) return timedOut(context, limits.requestTimeoutMs);
      logger.error("A request failed unexpectedly.", error);
      return jsonRpcErrorResponse(500, ProtocolErrorCode.InternalError, "Internal error.", {
        id: requestIdOf(context.message),
      });
    } finally {
      cancelDeadline();
      inFlight--;
    }
  }

  return async (request, body) => {
    const started = performance.now();
    // Under `deno serve` the URL is built from the Host header, which may not parse.
    const url = URL.parse(request.url);
    if (url === null) {
      return jsonRpcErrorResponse(400, HTTP_ERROR, "Bad request: the Host header is malformed.");
    }
    const controller = new AbortController();
    // `Deno.serve` passes connection info in this place: only bytes are a body.
    const context: RequestContext = {
      signal: controller.signal,
      body: body instanceof Uint8Array ? body : undefined,
    };
    const response = await answer(request, url, context, controller);
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

/**
 * The answer to a request whose deadline passed: 408 while its body was still arriving (the
 * client was too slow), 503 otherwise (the server was).
 */
function timedOut(context: RequestContext, timeoutMs: number): Response {
  if (context.readingBody) {
    return jsonRpcErrorResponse(
      408,
      HTTP_ERROR,
      `Request timeout: the request did not arrive within ${timeoutMs} ms.`,
      { headers: { Connection: "close" } },
    );
  }
  return jsonRpcErrorResponse(
    503,
    ProtocolErrorCode.InternalError,
    `Request timeout: no answer within ${timeoutMs} ms; retry shortly.`,
    { id: requestIdOf(context.message), headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
  );
}
