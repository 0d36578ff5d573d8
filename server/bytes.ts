/**
 * Joining byte chunks read from a stream.
 * @module
 */

/** The chunks `parts`, `size` bytes in all, as one array; the only chunk itself if one. */
export function joinBytes<Part extends Uint8Array>(
  parts: Part[],
  size: number,
): Part | Uint8Array<ArrayBuffer> {
  if (parts.length === 1) return parts[0];
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
