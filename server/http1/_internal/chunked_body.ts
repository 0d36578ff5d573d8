/**
 * The chunked transfer coding (RFC 9112 section 7.1): chunk sizes in hexadecimal with no
 * whitespace, extensions by the grammar and within a size limit, CRLF after every chunk, and
 * trailer fields parsed like header fields, counted against the head's limit and dropped.
 * @module
 */

import type { InputBuffer } from "./input_buffer.ts";
import type { BodyBlocks } from "./body_blocks.ts";
import { parseFieldLine } from "./field_lines.ts";
import { HEXDIG, HttpError, QDTEXT, TCHAR } from "./syntax.ts";

/** The longest chunk-size line, extensions included. */
export const MAX_CHUNK_LINE_BYTES = 4096;

/** Limits of one chunked body. */
export interface ChunkedLimits {
  /** The most body bytes, all chunks together (413 beyond). */
  maxBodyBytes: number;
  /** The bytes the trailer section may take (431 beyond): what the head left of its limit. */
  maxTrailerBytes: number;
}

/**
 * Reads a chunked body from `input` into `body` as it arrives; throws an {@link HttpError} for
 * anything that is not the coding's grammar.
 */
export async function readChunkedBody(
  input: InputBuffer,
  limits: ChunkedLimits,
  body: BodyBlocks,
): Promise<void> {
  let total = 0;
  for (;;) {
    const line = await input.readLine(MAX_CHUNK_LINE_BYTES, extensionsTooLong);
    const size = chunkSize(line, limits.maxBodyBytes - total);
    if (size === 0) break;
    total += size;
    await body.receive(size);
    if (await input.readLine(0, malformedChunk) !== "") throw malformedChunk();
  }
  let trailerBytes = 0;
  for (;;) {
    const line = await input.readLine(limits.maxTrailerBytes - trailerBytes, trailersTooLarge);
    trailerBytes += line.length + 2;
    if (trailerBytes > limits.maxTrailerBytes) throw trailersTooLarge();
    if (line === "") return;
    parseFieldLine(line);
  }
}

/**
 * The size a `chunk-size *chunk-ext` line declares, checked against `room` (413 beyond).
 * `chunk-ext = *( ";" chunk-ext-name [ "=" ( token / quoted-string ) ] )`, with no whitespace.
 */
export function chunkSize(line: string, room: number): number {
  let i = 0;
  let size = 0;
  for (; i < line.length && HEXDIG[line.charCodeAt(i)]; i++) {
    size = size * 16 + parseInt(line[i], 16);
    if (size > room) {
      throw new HttpError(413, "Request body too large: the chunks exceed the body limit.");
    }
  }
  if (i === 0) throw malformedChunk();
  while (i < line.length) {
    if (line[i] !== ";") throw malformedChunk();
    i = skipToken(line, i + 1);
    if (line[i] === "=") {
      i = line[i + 1] === '"' ? skipQuoted(line, i + 2) : skipToken(line, i + 1);
    }
  }
  return size;
}

/** The index after the token starting at `from`; throws when there is none. */
function skipToken(line: string, from: number): number {
  let i = from;
  while (i < line.length && TCHAR[line.charCodeAt(i)]) i++;
  if (i === from) throw malformedChunk();
  return i;
}

/** The index after the quoted string whose content starts at `from`. */
function skipQuoted(line: string, from: number): number {
  for (let i = from; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code === 0x5c) {
      const next = line.charCodeAt(++i);
      if (!(QDTEXT[next] || next === 0x22 || next === 0x5c)) throw malformedChunk();
    } else if (!QDTEXT[code]) throw malformedChunk();
  }
  throw malformedChunk();
}

function malformedChunk(): HttpError {
  return new HttpError(400, "Bad request: a chunk is malformed.");
}

function extensionsTooLong(): HttpError {
  return new HttpError(
    413,
    `Request body too large: a chunk-size line may be at most ${MAX_CHUNK_LINE_BYTES} bytes.`,
  );
}

function trailersTooLarge(): HttpError {
  return new HttpError(431, "Request header fields too large: the trailers exceed the limit.");
}
