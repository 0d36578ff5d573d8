/**
 * Byte helpers with no dependencies: joining chunks read from a stream, and SHA-256 digests in
 * hexadecimal (source keys, content hashes, principal ids). Anything may import this module,
 * `launch.ts` included.
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

/** The SHA-256 of `data` (text as UTF-8), in lowercase hexadecimal. */
export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
