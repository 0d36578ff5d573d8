/**
 * The origin step of `/mcp`: a browser's `Origin` must be allowed (403 otherwise); an allowed
 * one gets CORS, preflight included. Never a wildcard: the allowed origin is echoed, with
 * `Vary: Origin`.
 * @module
 */

import type { RequestGuard } from "./guard.ts";
import { HTTP_ERROR, jsonRpcErrorResponse } from "./json_rpc_error.ts";
import type { Step } from "./steps.ts";

const ALLOWED_METHODS = "POST, OPTIONS";
const ALLOWED_HEADERS = "Authorization, Content-Type, Accept, MCP-Protocol-Version, Mcp-Method, " +
  "Mcp-Name, Mcp-Session-Id, Last-Event-ID";
const EXPOSED_HEADERS = "WWW-Authenticate, Mcp-Session-Id, MCP-Protocol-Version";

/**
 * Refuses an `Origin` that `guard` does not allow, answers the preflight of an allowed one, and
 * adds the CORS headers to every answer the later steps give it. A request without `Origin`
 * does not come from a browser and passes unchanged.
 */
export function cors(guard: RequestGuard): Step {
  return (context, next) => {
    const { request } = context;
    const sent = request.headers.get("origin");
    const origin = sent === null ? null : guard.allowedOrigin(sent, context.loopbackHost === true);
    if (origin === undefined) {
      return Promise.resolve(
        jsonRpcErrorResponse(403, HTTP_ERROR, "Forbidden: this Origin is not allowed."),
      );
    }
    if (request.method === "OPTIONS") return Promise.resolve(preflightResponse(origin));
    // Most clients are not browsers: their answer is handed back as it is, with no wait here.
    return origin === null ? next() : next().then((response) => withCors(response, origin));
  };
}

/**
 * Adds the CORS headers for `origin` (already allowed) to `response`, in place: the server's
 * answers are its own, with headers it may change, and a copy would turn the body into a stream.
 */
function withCors(response: Response, origin: string): Response {
  const { headers } = response;
  headers.set("Access-Control-Allow-Origin", origin);
  headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  headers.append("Vary", "Origin");
  return response;
}

/** Answers a CORS preflight from an allowed `origin`. */
function preflightResponse(origin: string | null): Response {
  const headers = new Headers({ "Vary": "Origin" });
  if (origin !== null) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
    headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", "600");
  }
  return new Response(null, { status: 204, headers });
}
