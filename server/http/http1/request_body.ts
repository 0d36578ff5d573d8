/**
 * Reads a request's body, framed by `Content-Length` or chunked, as it arrives: memory follows
 * the bytes received, never the length declared, and every block of it is taken from the
 * server's budget until the request is done.
 * @module
 */

import { joinBytes } from "../../bytes.ts";
import { readChunkedBody } from "./chunked_body.ts";
import { type InputBuffer, release } from "./input_buffer.ts";
import type { Framing } from "./framing.ts";

/**
 * The largest block a body is kept in. Blocks of this size are mapped from the system by
 * malloc, once `MALLOC_MMAP_THRESHOLD_` is at most this (as `deno task start` sets it), and so
 * are given back to it the moment they are freed.
 */
const BLOCK_BYTES = 64 * 1024;

/** Limits of one body. */
export interface BodyLimits {
  /** The most body bytes (413 beyond). */
  maxBodyBytes: number;
  /** What the head left of its limit, for trailers (431 beyond). */
  maxTrailerBytes: number;
}

/** A body being received, in blocks read into straight from the connection. */
export class BodyBlocks {
  readonly #input: InputBuffer;
  readonly #blocks: Uint8Array<ArrayBuffer>[] = [];
  /** The bytes in the last block. */
  #filled = 0;
  /** The bytes received. */
  size = 0;

  /** A body read from `input`. */
  constructor(input: InputBuffer) {
    this.#input = input;
  }

  /**
   * Receives `count` bytes; `hint` is how many the body is known to have still (its remaining
   * length), or undefined when unknown (chunked), and sizes a new block.
   */
  async receive(count: number, hint?: number): Promise<void> {
    for (let left = count; left > 0;) {
      let block = this.#blocks.at(-1);
      if (block === undefined || this.#filled === block.length) {
        // Unknown lengths get blocks as large as the body so far: few blocks, little spare.
        const size = Math.min(BLOCK_BYTES, hint ?? Math.max(left, this.size));
        this.#input.reserve(size);
        block = new Uint8Array(size);
        this.#blocks.push(block);
        this.#filled = 0;
      }
      const read = await this.#input.readInto(
        block.subarray(this.#filled, this.#filled + Math.min(left, block.length - this.#filled)),
      );
      this.#filled += read;
      this.size += read;
      left -= read;
      if (hint !== undefined) hint -= read;
    }
  }

  /** The whole body, or undefined when empty; the blocks are freed once copied into one. */
  take(): Uint8Array<ArrayBuffer> | undefined {
    if (this.size === 0) return undefined;
    const last = this.#blocks.at(-1)!;
    if (this.#filled < last.length) {
      this.#blocks[this.#blocks.length - 1] = last.subarray(0, this.#filled);
    }
    const body = joinBytes(this.#blocks, this.size);
    if (body !== this.#blocks[0]) this.free();
    return body;
  }

  /** Frees every block now, not when the collector next runs. */
  free(): void {
    this.#blocks.forEach(release);
    this.#blocks.length = 0;
  }
}

/** The body `framing` announces, read from `input`, or undefined when it is empty. */
export async function readBody(
  input: InputBuffer,
  framing: Framing,
  limits: BodyLimits,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!framing.chunked && framing.length > 0 && framing.length <= input.buffered) {
    // Most bodies arrive with their head: copied out at once, they need no blocks.
    return input.takeBuffered(framing.length);
  }
  const body = new BodyBlocks(input);
  try {
    if (framing.chunked) await readChunkedBody(input, limits, body);
    else await body.receive(framing.length, framing.length);
  } catch (error) {
    body.free();
    throw error;
  }
  return body.take();
}
