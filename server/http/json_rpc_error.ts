/**
 * JSON-RPC error responses sent by the web layer before a request reaches the MCP server.
 * @module
 */

/** The JSON-RPC parse error code. */
export const PARSE_ERROR = -32700;

/** The code the MCP transport uses for errors of the HTTP layer. */
export const SERVER_ERROR = -32000;

/** A JSON-RPC error response with `id: null`, as for a request that was never read. */
export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  headers?: HeadersInit,
): Response {
  const response = Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, {
    status,
    headers,
  });
  return response;
}
