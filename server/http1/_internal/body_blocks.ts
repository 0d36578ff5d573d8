/**
 * A body being received, kept in blocks read into straight from the connection: memory follows
 * the bytes received, never the length declared, and every block is taken from the server's
 * budget until the request is done.
 * @module
 */

import { type InputBuffer, release } from "./input_buffer.ts";

/** A body being received; see the module's notes. */
export class BodyBlocks {
  readonly #input: InputBuffer;
  readonly #blockBytes: number;
  readonly #blocks: Uint8Array<ArrayBuffer>[] = [];
  /** The bytes in the last block. */
  #filled = 0;
  /** The bytes received. */
  size = 0;

  /** A body read from `input`, in blocks of at most `blockBytes`. */
  constructor(input: InputBuffer, blockBytes: number) {
    this.#input = input;
    this.#blockBytes = blockBytes;
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
        const size = Math.min(this.#blockBytes, hint ?? Math.max(left, this.size));
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
    const blocks = this.#blocks;
    blocks[blocks.length - 1] = blocks[blocks.length - 1].subarray(0, this.#filled);
    if (blocks.length === 1) return blocks[0];
    const body = new Uint8Array(this.size);
    let offset = 0;
    for (const block of blocks) {
      body.set(block, offset);
      offset += block.length;
    }
    this.free();
    return body;
  }

  /** Frees every block now, not when the collector next runs. */
  free(): void {
    this.#blocks.forEach(release);
    this.#blocks.length = 0;
  }
}
