/**
 * The sending side of a connection: answers written whole within a deadline, refusals sent
 * within a short one, and the connection closed either way when the client does not read.
 * @module
 */

import { Deadline, type Deadlines } from "../deadlines.ts";
import { ConnectionGone } from "./input_buffer.ts";
import { refusal } from "./status_text.ts";

/** How long a client gets to read a refusal before its connection is closed. */
const REFUSAL_WRITE_MS = 1_000;

/** Writes to one connection, and closes it. */
export class ConnectionOutput {
  readonly #conn: Deno.Conn;
  readonly #deadlines: Deadlines;
  readonly #writeTimeoutMs: number;
  /** The deadlines of the write and of the refusal in progress, set again for each. */
  readonly #writeDeadline = new Deadline();
  readonly #refusalDeadline = new Deadline();
  readonly #close = () => this.close();
  #closed = false;

  /** Writes to `conn`, each write within `writeTimeoutMs` on `deadlines`. */
  constructor(conn: Deno.Conn, deadlines: Deadlines, writeTimeoutMs: number) {
    this.#conn = conn;
    this.#deadlines = deadlines;
    this.#writeTimeoutMs = writeTimeoutMs;
  }

  /** Whether the connection is closed. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Writes all of `bytes` within the write deadline; throws {@link ConnectionGone} if not. */
  async write(bytes: Uint8Array): Promise<void> {
    if (this.#closed) throw new ConnectionGone();
    this.#deadlines.set(this.#writeDeadline, this.#writeTimeoutMs, this.#close);
    try {
      let written = 0;
      while (written < bytes.length) written += await this.#conn.write(bytes.subarray(written));
    } catch {
      throw new ConnectionGone();
    } finally {
      this.#deadlines.clear(this.#writeDeadline);
    }
  }

  /** Sends a refusal, if the client takes it within a short time, then closes. */
  async refuse(status: number, message: string, extraHeaders = ""): Promise<void> {
    if (this.#closed) return;
    this.#deadlines.set(this.#refusalDeadline, REFUSAL_WRITE_MS, this.#close);
    try {
      await this.#conn.write(refusal(status, message, extraHeaders));
    } catch {
      // The client is gone; the connection closes either way.
    } finally {
      this.#deadlines.clear(this.#refusalDeadline);
      this.close();
    }
  }

  /** Closes the connection now. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.#conn.close();
    } catch {
      // Closed already.
    }
  }
}
