/**
 * The SDK's refusals of a request, answered in the server's own words. The SDK's texts repeat
 * header values and parts of the body, which a server must not echo; which refusal it is comes
 * from its JSON-RPC code and data, and the header a `-32020` is about from the request itself,
 * never from the SDK's message text.
 * @module
 */

import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import { jsonRpcErrorResponse, requestIdOf } from "./json_rpc_error.ts";

/** The code of a refusal because the standard headers disagree with the body (2026-07-28). */
const HEADER_MISMATCH = -32020;
/** The `_meta` key that names a 2026-07-28 request's protocol version. */
const VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
/**
 * A requested version the refusal may repeat, as the 2026-07-28 revision asks: a short token of
 * version characters. Anything else a client sends as its version is not repeated.
 */
const VERSION_TOKEN = /^[A-Za-z0-9._-]{1,32}$/;

/** Messages for the HTTP-level refusals of the SDK's transports, by status. */
const FIXED_MESSAGES: Record<number, string> = {
  400: "Bad request: the request is not one this server takes.",
  404: "Not found.",
  405: "Method not allowed: this stateless server takes POST only.",
  406: "Not acceptable: the Accept header must name application/json and text/event-stream.",
  415: "Unsupported media type: the Content-Type must be application/json.",
};

/**
 * `response`, the SDK's answer to `request` (whose body is `message`), with its error's message
 * and data replaced by the server's own when it is a refusal; any other answer is unchanged.
 */
export async function ownRefusal(
  response: Response,
  request: Request,
  message: unknown,
): Promise<Response> {
  if (response.ok) return response;
  if (!response.headers.get("content-type")?.startsWith("application/json")) return response;
  const text = await response.text();
  const { status } = response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON after all: passed on as it came.
  }
  const error = body?.error;
  const own = typeof error?.code === "number"
    ? ownWords(error.code, error.data, request, message, status)
    : undefined;
  if (own === undefined) return new Response(text, { status, headers });
  return jsonRpcErrorResponse(status, error.code, own.text, {
    id: body.id ?? requestIdOf(message),
    headers,
    data: own.data,
  });
}

/** The server's message (and data) for an SDK error with `code` and `data`; undefined keeps it. */
function ownWords(
  code: number,
  data: Record<string, unknown> | undefined,
  request: Request,
  message: unknown,
  status: number,
): { text: string; data?: unknown } | undefined {
  switch (code) {
    case HEADER_MISMATCH:
      return {
        text: `Header mismatch: the ${mismatchedHeader(request, message)} header must be sent ` +
          "and match the body.",
      };
    case ProtocolErrorCode.UnsupportedProtocolVersion: {
      const { supported, requested } = data ?? {};
      const versions = Array.isArray(supported) ? supported.join(", ") : "";
      return {
        text: `Unsupported protocol version: the server speaks ${versions}.`,
        data: {
          supported,
          ...(typeof requested === "string" && VERSION_TOKEN.test(requested) ? { requested } : {}),
        },
      };
    }
    case ProtocolErrorCode.InvalidParams:
      // The server's own -32602 errors (invalid arguments, SEP-2164) repeat nothing; the SDK's
      // name the envelope keys that are missing.
      if (data?.envelope === undefined) return undefined;
      return {
        text: "Invalid params: a 2026-07-28 request carries _meta with " +
          "io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities.",
        data: { envelope: data.envelope },
      };
    case ProtocolErrorCode.MethodNotFound:
      return { text: "Method not found." };
    case ProtocolErrorCode.InvalidRequest:
      return { text: "Invalid request: the body is not a JSON-RPC request this server takes." };
    default:
      return { text: FIXED_MESSAGES[status] ?? "Bad request." };
  }
}

/**
 * The standard header a `-32020` refusal is about, in the order the SDK checks them: the first
 * that is missing or disagrees with the body.
 */
function mismatchedHeader(request: Request, message: unknown): string {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: unknown };
  const meta = (params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  const version = request.headers.get("mcp-protocol-version");
  if (version === null || version !== meta?.[VERSION_KEY]) return "MCP-Protocol-Version";
  if (request.headers.get("mcp-method") !== method) return "Mcp-Method";
  return "Mcp-Name";
}
