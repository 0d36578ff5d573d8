/**
 * Writes a `Response` as HTTP/1.1: whole answers with `Content-Length` from one reused buffer,
 * server-sent event streams chunked (or, to an HTTP/1.0 client, until the connection closes),
 * and HEAD answered with the headers GET would get and no body.
 * @module
 */

import { release } from "./input_buffer.ts";
import { statusLine } from "./status_text.ts";

const CRLF = new Uint8Array([13, 10]);
const CHUNKED_END = new TextEncoder().encode("0\r\n\r\n");
const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();
/** The smallest output buffer made. */
const MIN_OUTPUT_BYTES = 4 * 1024;
/** How many output buffers are kept for later answers. */
const MAX_KEPT_OUTPUT_BUFFERS = 16;
/** The largest output buffer kept for later answers. */
const MAX_KEPT_OUTPUT_BYTES = 256 * 1024;
/** Headers the writer sets itself. */
const FRAMING_HEADERS = new Set(["content-length", "connection", "transfer-encoding"]);

/** What the answer depends on of its request. */
export interface AnswerContext {
  method: string;
  /** `1` for HTTP/1.1, `0` for HTTP/1.0. */
  minorVersion: number;
  /** Whether the connection stays open after the answer. */
  keepAlive: boolean;
}

/** Output buffers shared by a server's connections, so an idle connection keeps none. */
export class OutputBuffers {
  readonly #spare: Uint8Array[] = [];

  /** A buffer of at least `size` bytes: a new one is the next power of two, for later answers. */
  take(size: number): Uint8Array {
    const index = this.#spare.findIndex((buffer) => buffer.length >= size);
    if (index !== -1) return this.#spare.splice(index, 1)[0];
    return new Uint8Array(2 ** Math.ceil(Math.log2(Math.max(size, MIN_OUTPUT_BYTES))));
  }

  /**
   * Keeps `buffer` for a later answer unless it is large. When enough are kept, it takes the
   * place of the smallest if it is larger, so that the kept ones grow to the answers being sent.
   * One not kept is freed now rather than when the collector next runs.
   */
  give(buffer: Uint8Array): void {
    const spare = this.#spare;
    if (buffer.length > MAX_KEPT_OUTPUT_BYTES) return release(buffer);
    if (spare.length < MAX_KEPT_OUTPUT_BUFFERS) {
      spare.push(buffer);
      return;
    }
    let smallest = 0;
    for (let i = 1; i < spare.length; i++) {
      if (spare[i].length < spare[smallest].length) smallest = i;
    }
    if (spare[smallest].length >= buffer.length) return release(buffer);
    release(spare[smallest]);
    spare[smallest] = buffer;
  }
}

/**
 * Writes `response` with `write`; whether the connection may stay open after it (an HTTP/1.0
 * stream ends only when the connection does).
 */
export async function writeResponse(
  response: Response,
  context: AnswerContext,
  write: (bytes: Uint8Array) => Promise<void>,
  buffers: OutputBuffers,
): Promise<boolean> {
  // `response.body` is looked at only for a stream: reading it turns a body made from a string
  // into a stream, which keeps the answer alive long enough to reach the heap's old generation.
  const streaming = response.headers.get("content-type")?.startsWith("text/event-stream") &&
    response.body !== null;
  const keepAlive = context.keepAlive && !(streaming && context.minorVersion === 0);
  let head = statusLine(response.status);
  // `forEach` visits the same sorted, combined pairs as the iterator without making an iterator
  // result and a pair per header.
  response.headers.forEach((value, name) => {
    if (!FRAMING_HEADERS.has(name)) head += `${name}: ${value}\r\n`;
  });
  if (!keepAlive) head += "connection: close\r\n";
  else if (context.minorVersion === 0) head += "connection: keep-alive\r\n";
  if (streaming) {
    if (context.method === "HEAD") {
      await response.body!.cancel();
      await write(encoder.encode(`${head}\r\n`));
    } else if (context.minorVersion === 0) {
      await write(encoder.encode(`${head}\r\n`));
      await writeStream(response.body!, write, false);
    } else {
      await write(encoder.encode(`${head}transfer-encoding: chunked\r\n\r\n`));
      await writeStream(response.body!, write, true);
    }
    return keepAlive;
  }
  const bodiless = response.status === 204 || response.status === 304;
  // The body as bytes, never as text: a body made from a string is encoded once only. A HEAD
  // answer's body is made by the application as for GET, measured and left out.
  const body = bodiless ? EMPTY : new Uint8Array(await response.arrayBuffer());
  const sent = context.method === "HEAD" ? EMPTY : body;
  const headText = `${head}${bodiless ? "" : `content-length: ${body.byteLength}\r\n`}\r\n`;
  const output = buffers.take(headText.length * 3 + sent.byteLength);
  try {
    const headBytes = encoder.encodeInto(headText, output).written;
    output.set(sent, headBytes);
    await write(output.subarray(0, headBytes + sent.byteLength));
  } finally {
    buffers.give(output);
  }
  return keepAlive;
}

async function writeStream(
  stream: ReadableStream<Uint8Array>,
  write: (bytes: Uint8Array) => Promise<void>,
  chunked: boolean,
): Promise<void> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.length === 0) continue;
      if (!chunked) {
        await write(value);
        continue;
      }
      await write(encoder.encode(value.length.toString(16) + "\r\n"));
      await write(value);
      await write(CRLF);
    }
    if (chunked) await write(CHUNKED_END);
  } finally {
    reader.cancel().catch(() => {});
  }
}
