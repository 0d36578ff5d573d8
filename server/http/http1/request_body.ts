/**
 * Reads a request's body, framed by `Content-Length` or chunked, as it arrives: memory follows
 * the bytes received, never the length declared, and every byte is taken from the server's
 * budget until the request is done.
 * @module
 */

import { joinBytes } from "../../bytes.ts";
import { readChunkedBody } from "./chunked_body.ts";
import { type InputBuffer, release } from "./input_buffer.ts";
import type { Framing } from "./request_head.ts";

/** Limits of one body. */
export interface BodyLimits {
  /** The most body bytes (413 beyond). */
  maxBodyBytes: number;
  /** What the head left of its limit, for trailers (431 beyond). */
  maxTrailerBytes: number;
}

/** The body `framing` announces, read from `input`, or undefined when it is empty. */
export async function readBody(
  input: InputBuffer,
  framing: Framing,
  limits: BodyLimits,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  const keep = (piece: Uint8Array<ArrayBuffer>) => {
    pieces.push(piece);
    size += piece.length;
  };
  try {
    if (framing.chunked) await readChunkedBody(input, limits, keep);
    else while (size < framing.length) keep(await input.readPiece(framing.length - size));
    if (size === 0) return undefined;
    return joinBytes(pieces, size);
  } finally {
    // A body in several pieces was copied into one: the pieces are freed now, not when the
    // collector next runs.
    if (pieces.length > 1) pieces.forEach(release);
  }
}
