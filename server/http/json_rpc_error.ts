/**
 * JSON-RPC error responses sent by the web layer, before or around the MCP server.
 * @module
 */

/**
 * The code of errors that belong to HTTP rather than to JSON-RPC (a refused Host, a missing
 * token, a body too large), as the SDK's own HTTP layer uses it.
 */
export const HTTP_ERROR = -32000;

/** A JSON-RPC id: the request's, or `null` when the request was not read or had none. */
export type JsonRpcId = string | number | null;

/** A JSON-RPC error response with HTTP status `status`, and `data` when given. */
export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  options: { id?: JsonRpcId; headers?: HeadersInit; data?: unknown } = {},
): Response {
  const { id = null, headers, data } = options;
  const error = data === undefined ? { code, message } : { code, message, data };
  return Response.json({ jsonrpc: "2.0", error, id }, { status, headers });
}

/** The id of `message` when it is a JSON-RPC request with a valid id, else `null`. */
export function requestIdOf(message: unknown): JsonRpcId {
  if (typeof message !== "object" || message === null || !("id" in message)) return null;
  const { id } = message;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}
