/**
 * The body step of `/mcp`: reads the JSON request body under a size cap, before anything else
 * looks at it. The body is read as it arrives (the server's own listener has read it whole,
 * under its own cap, and it is taken as it is): memory follows the bytes received, never the
 * length a client declares.
 * @module
 */

import { isJsonContentType, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { receivedBody } from "@render-results/http1";
import { joinBytes } from "../bytes.ts";
import { HTTP_ERROR, jsonRpcErrorResponse } from "./json_rpc_error.ts";
import type { Step } from "./steps.ts";

/** The largest request body read: well above the 64 KiB argument limit, with room for escapes. */
export const MAX_BODY_BYTES = 1024 * 1024;

const decoder = new TextDecoder();

/** The parsed body and its source's size, or the error response to send instead. */
type BodyResult =
  | { ok: true; value: unknown; source: { byteLength: number } | undefined }
  | { ok: false; response: Response };

/**
 * Reads and parses the request's body into `context.message` before the next step, or answers:
 * 415 unless it is declared as JSON, 413 past `limit` bytes (at once when the declared length is
 * over it), 400 (-32700) for invalid JSON. When the request's signal aborts first, reading stops
 * and the answer is 408: the body was too slow to arrive.
 */
export function readJsonBody(limit: number = MAX_BODY_BYTES): Step {
  return async (context, next) => {
    const body = await read(context.request, context.signal, limit);
    if (!body.ok) return body.response;
    context.message = body.value;
    context.messageSource = body.source;
    return await next();
  };
}

async function read(request: Request, signal: AbortSignal, limit: number): Promise<BodyResult> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return refuse(
      415,
      HTTP_ERROR,
      "Unsupported media type: the Content-Type must be application/json.",
    );
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  const bytes = declared > limit ? undefined : await readAtMost(request, limit, signal);
  if (bytes === undefined) {
    return refuse(
      413,
      HTTP_ERROR,
      `Request body too large: the limit is ${limit.toLocaleString("en-US")} bytes.`,
    );
  }
  if (bytes === "aborted") {
    return refuse(408, HTTP_ERROR, "Request timeout: the body did not arrive in time.", {
      Connection: "close",
    });
  }
  const text = decoder.decode(bytes);
  // Only the text's size is kept, and only when the decoder replaced no invalid bytes (it puts
  // U+FFFD in their place): a large string held for the whole request would outlive scavenges.
  const source = text.includes("\ufffd") ? undefined : { byteLength: bytes.byteLength };
  try {
    return { ok: true, value: JSON.parse(text), source };
  } catch {
    return refuse(400, ProtocolErrorCode.ParseError, "Parse error: the body is not valid JSON.");
  }
}

/** The body's bytes, undefined past `limit`, or `"aborted"` when `signal` aborts first. */
async function readAtMost(
  request: Request,
  limit: number,
  signal: AbortSignal,
): Promise<Uint8Array | undefined | "aborted"> {
  if (signal.aborted) return "aborted";
  // The listener has read it whole, under its own cap: taken as it is, with no stream made.
  const received = receivedBody(request);
  if (received !== undefined) return received.byteLength > limit ? undefined : received;
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
  } catch (error) {
    if (signal.aborted) return "aborted";
    throw error;
  } finally {
    signal.removeEventListener("abort", cancel);
  }
  return signal.aborted ? "aborted" : joinBytes(chunks, size);
}

function refuse(
  status: number,
  code: number,
  message: string,
  headers?: HeadersInit,
): BodyResult {
  return { ok: false, response: jsonRpcErrorResponse(status, code, message, { headers }) };
}
