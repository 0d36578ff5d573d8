/**
 * Bytes arriving in given pieces, as a connection delivers them: what the listener's readers
 * read from in unit tests, in place of a socket.
 * @module
 */

/** A source that yields `pieces` (one byte per character) in order, then the end of input. */
export function byteSource(pieces: string[]): { read(into: Uint8Array): Promise<number | null> } {
  const queue = pieces.map((piece) => Uint8Array.from(piece, (char) => char.charCodeAt(0)));
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
