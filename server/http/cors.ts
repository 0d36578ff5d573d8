/**
 * CORS for browser-based MCP clients on allowed origins. Never a wildcard: the allowed origin
 * is echoed, with `Vary: Origin`.
 * @module
 */

const ALLOWED_METHODS = "POST, OPTIONS";
const ALLOWED_HEADERS = "Authorization, Content-Type, Accept, MCP-Protocol-Version, Mcp-Method, " +
  "Mcp-Name, Mcp-Session-Id, Last-Event-ID";
const EXPOSED_HEADERS = "WWW-Authenticate, Mcp-Session-Id, MCP-Protocol-Version";

/**
 * Adds the CORS headers for `origin` (already allowed) to `response`, in place: the server's
 * answers are its own, with headers it may change, and a copy would turn the body into a stream.
 */
export function withCors(response: Response, origin: string | null): Response {
  if (origin === null) return response;
  const { headers } = response;
  headers.set("Access-Control-Allow-Origin", origin);
  headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  headers.append("Vary", "Origin");
  return response;
}

/** Answers a CORS preflight from an allowed `origin`. */
export function preflightResponse(origin: string | null): Response {
  const headers = new Headers({ "Vary": "Origin" });
  if (origin !== null) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
    headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", "600");
  }
  return new Response(null, { status: 204, headers });
}
