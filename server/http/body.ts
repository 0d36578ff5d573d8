/**
 * Reads a JSON request body under a size cap, before anything else looks at it.
 * @module
 */

import { isJsonContentType, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { HTTP_ERROR, jsonRpcErrorResponse } from "./json_rpc_error.ts";

/** The largest request body read: well above the 64 KiB argument limit, with room for escapes. */
const MAX_BODY_BYTES = 1024 * 1024;

const decoder = new TextDecoder();

/** The parsed body, or the error response to send instead. */
export type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * Reads and parses `request`'s body: 415 unless it is declared as JSON, 413 past `limit` bytes,
 * 400 (-32700) for invalid JSON.
 */
export async function readJsonBody(
  request: Request,
  limit: number = MAX_BODY_BYTES,
): Promise<BodyResult> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return {
      ok: false,
      response: jsonRpcErrorResponse(
        415,
        HTTP_ERROR,
        "Unsupported media type: the Content-Type must be application/json.",
      ),
    };
  }
  let text: string;
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    if (Number(declared) > limit) return tooLarge(limit);
    // The HTTP server holds a body to its declared length, so it is read in one step: reading
    // chunk by chunk cost 12% of the throughput of a 33 KB call.
    text = await request.text();
  } else {
    const bytes = await readAtMost(request, limit);
    if (bytes === undefined) return tooLarge(limit);
    text = decoder.decode(bytes);
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return {
      ok: false,
      response: jsonRpcErrorResponse(
        400,
        ProtocolErrorCode.ParseError,
        "Parse error: the body is not valid JSON.",
      ),
    };
  }
}

async function readAtMost(request: Request, limit: number): Promise<Uint8Array | undefined> {
  if (request.body === null) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    // Leaving the loop cancels the rest of the stream.
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(limit: number): BodyResult {
  return {
    ok: false,
    response: jsonRpcErrorResponse(
      413,
      HTTP_ERROR,
      `Request body too large: the limit is ${limit.toLocaleString("en-US")} bytes.`,
    ),
  };
}
