/**
 * Reads a request's body, framed by `Content-Length` or chunked, as it arrives, into blocks
 * ({@link BodyBlocks}).
 * @module
 */

import { BodyBlocks } from "./body_blocks.ts";
import { readChunkedBody } from "./chunked_body.ts";
import type { InputBuffer } from "./input_buffer.ts";
import type { Framing } from "./framing.ts";

/** Limits of one body. */
export interface BodyLimits {
  /** The most body bytes (413 beyond). */
  maxBodyBytes: number;
  /** What the head left of its limit, for trailers (431 beyond). */
  maxTrailerBytes: number;
  /** The largest block the body is kept in. */
  bodyBlockBytes: number;
}

/** The body `framing` announces, read from `input`, or undefined when it is empty. */
export async function collectBody(
  input: InputBuffer,
  framing: Framing,
  limits: BodyLimits,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!framing.chunked && framing.length > 0 && framing.length <= input.buffered) {
    // Most bodies arrive with their head: copied out at once, they need no blocks.
    return input.takeBuffered(framing.length);
  }
  const body = new BodyBlocks(input, limits.bodyBlockBytes);
  try {
    if (framing.chunked) await readChunkedBody(input, limits, body);
    else await body.receive(framing.length, framing.length);
  } catch (error) {
    body.free();
    throw error;
  }
  return body.take();
}
