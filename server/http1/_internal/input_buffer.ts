/**
 * The bytes a connection has received and not yet consumed, read in lines (for heads, chunk
 * sizes and trailers) or into a body's own storage. The buffer is allocated only when a read
 * begins, starts small (`initialBufferBytes`, what an idle connection holds), grows with a long
 * line, and once a request is done has the size that request would have fitted in, up to
 * `keptBufferBytes`, while the budget is less than half taken (else its first size again): a
 * client that sends large requests gets each in one read, as a second read for the rest of a
 * body costs it a turn of the event loop. What the buffer grows by, and the storage of bodies, is
 * taken from the server's {@link ByteBudget}.
 * @module
 */

import type { ByteBudget } from "./byte_budget.ts";
import { DEFAULT_MEMORY, type Memory } from "./options.ts";
import { HttpError, latin1, lineEnd } from "./syntax.ts";

const EMPTY = new Uint8Array(0);

/** The connection ended (or was closed): nothing more can be read from it. */
export class ConnectionGone extends Error {}

/** Where bytes come from: a `Deno.Conn`, for one. */
export interface ByteSource {
  /** Reads into `into`; the count read, or null at the end of the input. */
  read(into: Uint8Array): Promise<number | null>;
}

/** Frees the memory behind `bytes` now instead of at the next garbage collection. */
export function release(bytes: Uint8Array): void {
  const buffer = bytes.buffer as ArrayBuffer;
  if (buffer.detached || buffer.byteLength === 0) return;
  try {
    buffer.transfer(0);
  } catch {
    // Not detachable: the collector frees it.
  }
}

/** The unread input of one connection. */
export class InputBuffer {
  readonly #source: ByteSource;
  readonly #budget: ByteBudget;
  /** A buffer's first size: enough for a typical request head. */
  readonly #initialBytes: number;
  /** The largest buffer kept between requests. */
  readonly #keptBytes: number;
  #buffer: Uint8Array<ArrayBuffer> = EMPTY;
  #start = 0;
  #end = 0;
  /** The bytes of the budget this connection holds: buffer growth and body pieces. */
  #charged = 0;

  /** Input read from `source`, its memory taken from `budget`, its buffer sized by `memory`. */
  constructor(
    source: ByteSource,
    budget: ByteBudget,
    memory: Pick<Memory, "initialBufferBytes" | "keptBufferBytes"> = DEFAULT_MEMORY,
  ) {
    this.#source = source;
    this.#budget = budget;
    this.#initialBytes = memory.initialBufferBytes;
    this.#keptBytes = memory.keptBufferBytes;
  }

  /** The bytes received and not consumed yet. */
  get buffered(): number {
    return this.#end - this.#start;
  }

  /** Waits for input; false when the input ended first. */
  async wait(): Promise<boolean> {
    return this.buffered > 0 || await this.#read(this.#initialBytes);
  }

  /**
   * The next line without its CRLF, at most `maxBytes` long (`tooLong` is thrown beyond).
   * Throws {@link ConnectionGone} when the input ends first.
   */
  async readLine(maxBytes: number, tooLong: () => HttpError): Promise<string> {
    let scanned = 0;
    for (;;) {
      const end = lineEnd(this.#buffer, this.#start, this.#start + scanned, this.#end);
      if (end !== -1) {
        if (end - 2 - this.#start > maxBytes) throw tooLong();
        const line = latin1(this.#buffer, this.#start, end - 2);
        this.#start = end;
        return line;
      }
      scanned = this.buffered;
      if (scanned > maxBytes + 1) throw tooLong();
      if (!await this.#read(maxBytes + 2)) throw new ConnectionGone();
    }
  }

  /**
   * The next request head: its lines without their CRLFs (the empty last line left out), empty
   * lines before it skipped (RFC 9112 section 2.2), at most `maxBytes` in all (`tooLong` is
   * thrown beyond). The head is decoded at once, not line by line: one string and one split
   * per request instead of one decoding and one promise per line. Throws
   * {@link ConnectionGone} when the input ends first.
   */
  async readHead(maxBytes: number, tooLong: () => HttpError): Promise<string[]> {
    // Where the line being looked at starts, and how far it was scanned, from `#start`: a head
    // that arrives a byte at a time is scanned once, not again after every byte.
    let line = 0;
    let scanned = 0;
    for (;;) {
      while (line === 0 && this.buffered >= 2 && this.#startsWithCrlf()) {
        this.#start += 2;
        scanned = 0;
      }
      const start = this.#start;
      const end = lineEnd(this.#buffer, start + line, start + scanned, this.#end);
      if (end === -1) {
        scanned = this.buffered;
        if (scanned > maxBytes) throw tooLong();
        if (!await this.#read(maxBytes + 2)) throw new ConnectionGone();
        continue;
      }
      if (end - start > maxBytes) throw tooLong();
      if (line > 0 && end - start === line + 2) {
        this.#start = end;
        return latin1(this.#buffer, start, end - 4).split("\r\n");
      }
      line = scanned = end - start;
    }
  }

  /**
   * Receives body bytes into `target`: those already buffered first, else straight from the
   * source, with no copy in between; the count received, at least one. Throws
   * {@link ConnectionGone} when the input ends first.
   */
  async readInto(target: Uint8Array): Promise<number> {
    if (this.buffered === 0) {
      const read = await this.#source.read(target).catch(() => null);
      if (read === null) throw new ConnectionGone();
      return read;
    }
    const count = Math.min(target.length, this.buffered);
    target.set(this.#buffer.subarray(this.#start, this.#start + count));
    this.#start += count;
    return count;
  }

  /** The next `count` bytes, all of them buffered, copied out and taken from the budget. */
  takeBuffered(count: number): Uint8Array<ArrayBuffer> {
    this.reserve(count);
    const bytes = this.#buffer.slice(this.#start, this.#start + count);
    this.#start += count;
    return bytes;
  }

  /**
   * Takes `bytes` from the budget for this connection until {@link done}; throws 503 with
   * `Retry-After` when the budget has no room for them.
   */
  reserve(bytes: number): void {
    if (bytes <= 0) return;
    if (!this.#budget.take(bytes)) throw budgetTaken();
    this.#charged += bytes;
  }

  /** Throws 503 with `Retry-After` when the budget has no byte left, before a body is asked for. */
  checkRoom(): void {
    if (this.#budget.used >= this.#budget.limit) throw budgetTaken();
  }

  /**
   * Ends a request of `requestBytes` (head and body): gives its bytes back to the budget and
   * keeps a buffer for the next request's head (an idle connection waits on it anyway: keeping
   * it saves a buffer made and freed per request), fitted to this one's size (see the module's
   * notes).
   */
  done(requestBytes = 0): void {
    const size = this.#fittedSize(requestBytes);
    if (this.buffered === 0) {
      this.#start = this.#end = 0;
      if (this.#buffer.length !== size) {
        this.#replace(size === this.#initialBytes ? EMPTY : new Uint8Array(size));
      }
    } else if (this.#buffer.length > size && this.buffered <= size) {
      const rest = new Uint8Array(size);
      rest.set(this.#buffer.subarray(this.#start, this.#end));
      this.#replace(rest);
    }
    const kept = Math.max(0, this.#buffer.length - this.#initialBytes);
    // `#fittedSize` made sure that what a new buffer needs beyond the bytes held is there.
    if (kept > this.#charged) this.#budget.take(kept - this.#charged);
    else this.#budget.give(this.#charged - kept);
    this.#charged = kept;
  }

  /** The buffer size for after a request of `requestBytes`; see the module's notes. */
  #fittedSize(requestBytes: number): number {
    const initial = this.#initialBytes;
    if (requestBytes <= initial) return initial;
    const size = Math.min(this.#keptBytes, 2 ** Math.ceil(Math.log2(requestBytes)));
    const usedByOthers = this.#budget.used - this.#charged;
    return usedByOthers + size - initial <= this.#budget.limit / 2 ? size : initial;
  }

  /** Gives every byte back to the budget and lets go of the buffer: the connection closed. */
  dispose(): void {
    this.#start = this.#end = 0;
    this.#replace(EMPTY);
    this.#budget.give(this.#charged);
    this.#charged = 0;
  }

  /** Reads more input, growing a full buffer to at most `capacity`; false at the end of input. */
  async #read(capacity: number): Promise<boolean> {
    if (this.#start === this.#end) this.#start = this.#end = 0;
    if (this.#end === this.#buffer.length) {
      const unread = this.buffered;
      if (this.#start > 0) this.#buffer.copyWithin(0, this.#start, this.#end);
      else {
        const initial = this.#initialBytes;
        const length = Math.max(initial, Math.min(capacity, this.#buffer.length * 2));
        const grown = new Uint8Array(length);
        this.reserve(length - Math.max(initial, this.#buffer.length));
        grown.set(this.#buffer.subarray(0, unread));
        this.#replace(grown);
      }
      this.#start = 0;
      this.#end = unread;
    }
    let read: number | null;
    try {
      read = await this.#source.read(this.#buffer.subarray(this.#end));
    } catch {
      return false;
    }
    if (read === null) return false;
    this.#end += read;
    return true;
  }

  #startsWithCrlf(): boolean {
    return this.#buffer[this.#start] === 13 && this.#buffer[this.#start + 1] === 10;
  }

  #replace(buffer: Uint8Array<ArrayBuffer>): void {
    if (this.#buffer !== buffer) release(this.#buffer);
    this.#buffer = buffer;
  }
}

function budgetTaken(): HttpError {
  return new HttpError(
    503,
    "Service unavailable: the server is holding too many request bytes; retry shortly.",
    "retry-after: 1\r\n",
  );
}
