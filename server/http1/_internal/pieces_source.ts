/**
 * Bytes already in memory as a {@link ByteSource}, delivered in the pieces given, as a
 * connection might deliver them: what requests are read from without a socket.
 * @module
 */

import type { ByteSource } from "./input_buffer.ts";

/** A source that yields `pieces` in order (a read takes at most one piece), then the end. */
export function piecesSource(pieces: Uint8Array[]): ByteSource {
  const queue = [...pieces];
  return {
    read(into) {
      const next = queue[0];
      if (next === undefined) return Promise.resolve(null);
      const count = Math.min(into.length, next.length);
      into.set(next.subarray(0, count));
      if (count === next.length) queue.shift();
      else queue[0] = next.subarray(count);
      return Promise.resolve(count);
    },
  };
}
