/**
 * What the listener's own tests use: a source of bytes in given pieces, in place of a socket, and
 * a wait for the server to get somewhere.
 * @module
 */

import type { ByteSource } from "./_internal/input_buffer.ts";
import { piecesSource } from "./_internal/pieces_source.ts";

/** A source that yields `pieces` (one byte per character) in order, then the end of input. */
export function byteSource(pieces: string[]): ByteSource {
  return piecesSource(pieces.map((piece) => Uint8Array.from(piece, (char) => char.charCodeAt(0))));
}

/** Resolves once `condition` holds, looked at every 20 ms; fails naming `what` after 10 s. */
export async function until(condition: () => boolean | Promise<boolean>, what: string) {
  for (const started = Date.now(); !await condition();) {
    if (Date.now() - started > 10_000) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
