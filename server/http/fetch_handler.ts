/**
 * The web layer: every request passes the `Host` guard, then goes to its path; a request to
 * `/mcp` goes through its steps in order (origin and CORS, method, auth, body, MCP). It also
 * serves the protected-resource metadata when auth is on, and logs one line per request. Every
 * request is answered within the request deadline, and whatever fails unexpectedly is answered
 * with a JSON-RPC internal error, never a bare 500.
 * @module
 */

import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Config } from "../config.ts";
import { MetadataDocuments, ProtectedResource } from "./auth/protected_resource.ts";
import { readJsonBody } from "./body.ts";
import { cors } from "./cors.ts";
import { guardHost, RequestGuard } from "./guard.ts";
import { HTTP_ERROR, jsonRpcErrorResponse, requestIdOf } from "./json_rpc_error.ts";
import { describeMessage, Logger } from "../log.ts";
import { LeanResponder } from "./lean_responder.ts";
import { serveMcp } from "./mcp_responder.ts";
import { postOnly } from "./method.ts";
import { SdkResponder } from "./sdk_responder.ts";
import { type RequestContext, runSteps, type Step } from "./steps.ts";
import { Deadlines } from "@render-results/http1/deadlines";

/** The path of the MCP endpoint. */
export const MCP_PATH = "/mcp";

/** How long a client is asked to wait after a 503, in seconds. */
const RETRY_AFTER_SECONDS = 1;

/** A request handler as `Deno.serve`, `deno serve` and the server's own listener take it. */
export type FetchHandler = (request: Request, info?: Deno.ServeHandlerInfo) => Promise<Response>;

/**
 * Creates the handler for every path the server answers. MCP requests go to the lean responder,
 * which hands what it does not answer to the SDK's responder; `leanResponder: false` leaves every
 * one to the SDK's responder, the reference the lean responder is tested against.
 */
export async function createFetchHandler(
  config: Config,
  logger: Logger = new Logger(config.logLevel),
  { leanResponder = true }: { leanResponder?: boolean } = {},
): Promise<FetchHandler> {
  const { limits } = config;
  const guard = new RequestGuard(config);
  const deadlines = new Deadlines();
  const resource = config.publicUrl === undefined
    ? undefined
    : new ProtectedResource(config.publicUrl, MCP_PATH);
  const authenticates = config.auth !== undefined || config.apiKeyHashes.length > 0;
  // The auth modules (and jose) load only when auth is configured: they add to every cold start.
  const auth = authenticates && resource ? await import("./auth/authenticator.ts") : undefined;
  const documents = config.auth && resource && new MetadataDocuments(resource, config.auth);
  const sdk = new SdkResponder(
    {
      cacheScope: authenticates ? "private" : "public",
      viewDomains: config.viewDomains,
      onError: (error) => logger.error("render_results failed unexpectedly.", error),
    },
    (error) => logger.debug(`The SDK refused a request: ${error.message}`),
  );
  const mcpSteps: Step[] = [
    cors(guard),
    postOnly,
    ...(auth ? [auth.authenticate(new auth.Authenticator(config, resource!, logger))] : []),
    readJsonBody(),
    serveMcp(leanResponder ? new LeanResponder(sdk) : sdk),
  ];
  const steps: Step[] = [guardHost(guard), route];
  let inFlight = 0;

  /** The last step of every request: `/mcp` goes through its own steps. */
  function route(context: RequestContext): Promise<Response> {
    // Handed on as it is: an async step here would add a promise and a wait to every request.
    if (context.url.pathname === MCP_PATH) return runSteps(mcpSteps, context);
    return Promise.resolve(otherPath(context.request, context.url.pathname));
  }

  /** The answer on any path but `/mcp`. */
  function otherPath(request: Request, pathname: string): Response {
    if (documents?.serves(pathname)) return documents.respond(request);
    if (pathname === "/healthz") {
      return request.method === "GET" || request.method === "HEAD"
        ? Response.json({ status: "ok" })
        : new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
    }
    return Response.json({ error: "Not found: the MCP endpoint is /mcp." }, { status: 404 });
  }

  /**
   * Answers within the request deadline: when it passes, the signal aborts and the step that
   * waits gives up (the body step answers 408 itself); anything else that throws is a 500. The
   * request's log line is written here, with no promise added for it.
   */
  async function answer(context: RequestContext, controller: AbortController) {
    // Only the log line needs the clock.
    const started = logger.logsRequests ? performance.now() : 0;
    if (inFlight >= limits.maxInFlight) {
      const busy = jsonRpcErrorResponse(
        503,
        HTTP_ERROR,
        "Service unavailable: too many requests at once; retry shortly.",
        { headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
      );
      return logged(context, busy, started);
    }
    inFlight++;
    const cancelDeadline = deadlines.add(limits.requestTimeoutMs, () => {
      controller.abort(new DOMException("The request deadline passed.", "TimeoutError"));
    });
    let response: Response;
    try {
      response = await runSteps(steps, context);
    } catch (error) {
      if (context.signal.aborted) response = timedOut(context, limits.requestTimeoutMs);
      else {
        logger.error("A request failed unexpectedly.", error);
        response = jsonRpcErrorResponse(500, ProtocolErrorCode.InternalError, "Internal error.", {
          id: requestIdOf(context.message),
        });
      }
    } finally {
      cancelDeadline();
      inFlight--;
    }
    return logged(context, response, started);
  }

  /** `response`, after the line of its request is logged, when request logs are on. */
  function logged(context: RequestContext, response: Response, started: number): Response {
    if (!logger.logsRequests) return response;
    const principal = context.authInfo?.extra?.principal;
    const { rpcMethod, tool } = describeMessage(context.message);
    logger.request({
      method: context.request.method,
      path: context.url.pathname,
      status: response.status,
      durationMs: performance.now() - started,
      rpcMethod,
      tool,
      principal: typeof principal === "string" ? principal : undefined,
    });
    return response;
  }

  return (request) => {
    // Under `deno serve` the URL is built from the Host header, which may not parse.
    const url = URL.parse(request.url);
    if (url === null) {
      return Promise.resolve(
        jsonRpcErrorResponse(400, HTTP_ERROR, "Bad request: the Host header is malformed."),
      );
    }
    const controller = new AbortController();
    return answer({ request, url, signal: controller.signal }, controller);
  };
}

/** The answer to a request whose deadline passed while the server was working on it. */
function timedOut(context: RequestContext, timeoutMs: number): Response {
  return jsonRpcErrorResponse(
    503,
    ProtocolErrorCode.InternalError,
    `Request timeout: no answer within ${timeoutMs} ms; retry shortly.`,
    { id: requestIdOf(context.message), headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
  );
}
