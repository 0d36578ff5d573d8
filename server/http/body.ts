/**
 * Reads a JSON request body under a size cap, before anything else looks at it. The body is read
 * as it arrives: memory follows the bytes received, never the length a client declares.
 * @module
 */

import { isJsonContentType, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { joinBytes } from "../bytes.ts";
import { HTTP_ERROR, jsonRpcErrorResponse } from "./json_rpc_error.ts";

/** The largest request body read: well above the 64 KiB argument limit, with room for escapes. */
export const MAX_BODY_BYTES = 1024 * 1024;

const decoder = new TextDecoder();

/** The parsed body, or the error response to send instead. */
export type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * Reads and parses `request`'s body, or `read`, the bytes of its body when the listener read them
 * already: 415 unless it is declared as JSON, 413 past `limit` bytes (at once when the declared
 * length is over it), 400 (-32700) for invalid JSON. Reading stops when `signal` aborts.
 */
export async function readJsonBody(
  request: Request,
  signal: AbortSignal,
  read?: Uint8Array,
  limit: number = MAX_BODY_BYTES,
): Promise<BodyResult> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return refuse(
      415,
      HTTP_ERROR,
      "Unsupported media type: the Content-Type must be application/json.",
    );
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  const bytes = declared > limit || (read?.length ?? 0) > limit
    ? undefined
    : read ?? await readAtMost(request, limit, signal);
  if (bytes === undefined) {
    return refuse(
      413,
      HTTP_ERROR,
      `Request body too large: the limit is ${limit.toLocaleString("en-US")} bytes.`,
    );
  }
  try {
    return { ok: true, value: JSON.parse(decoder.decode(bytes)) };
  } catch {
    return refuse(400, ProtocolErrorCode.ParseError, "Parse error: the body is not valid JSON.");
  }
}

/** The body's bytes, or undefined past `limit`; throws when `signal` aborts first. */
async function readAtMost(
  request: Request,
  limit: number,
  signal: AbortSignal,
): Promise<Uint8Array | undefined> {
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const cancel = () => reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener("abort", cancel, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        cancel();
        return undefined;
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener("abort", cancel);
  }
  signal.throwIfAborted();
  return joinBytes(chunks, size);
}

function refuse(status: number, code: number, message: string): BodyResult {
  return { ok: false, response: jsonRpcErrorResponse(status, code, message) };
}
