/**
 * One client connection, serving its requests one after another (pipelined ones in order):
 * every phase has a deadline, every refusal closes the connection, and an idle connection holds
 * only a small buffer.
 * @module
 */

import { Deadline, type Deadlines } from "../deadlines.ts";
import type { ByteBudget } from "./byte_budget.ts";
import { ConnectionOutput } from "./connection_output.ts";
import { callHandler } from "./handler_call.ts";
import { ConnectionGone, InputBuffer, release } from "./input_buffer.ts";
import { collectBody } from "./request_body.ts";
import { readHead, type ReceivedHead } from "./request_head.ts";
import { type OutputBuffers, writeResponse } from "./response_writer.ts";
import type { ListenerLimits, Memory } from "./options.ts";
import { statusLine } from "./status_text.ts";
import { HttpError } from "./syntax.ts";

const CONTINUE = new TextEncoder().encode(`${statusLine(100)}\r\n`);

/** What the connections of one server share. */
export interface ConnectionContext {
  limits: ListenerLimits;
  memory: Memory;
  deadlines: Deadlines;
  budget: ByteBudget;
  buffers: OutputBuffers;
  handler: Deno.ServeHandler<Deno.NetAddr>;
  /** The origin of the handler's request URLs: the listening address. */
  origin: string;
  /** Called with a failure the listener did not expect; the connection it hit is closed. */
  onError?(error: unknown): void;
}

/** A connection being served. */
export class Connection {
  readonly #conn: Deno.TcpConn;
  readonly #context: ConnectionContext;
  readonly #input: InputBuffer;
  readonly #output: ConnectionOutput;
  /** The deadline of the phase in progress, set again for each one. */
  readonly #phaseDeadline = new Deadline();
  // The phases' callbacks, made once per connection rather than once per request.
  readonly #headTooSlow = () => this.#cutOff("head");
  readonly #bodyTooSlow = () => this.#cutOff("body");
  readonly #idledOut = () => this.close();
  readonly #write = (bytes: Uint8Array) => this.#output.write(bytes);
  #stopping = false;
  /** Whether the connection waits for a request's first byte. */
  #idle = true;

  /** Serves `conn` with what `context` holds. */
  constructor(conn: Deno.TcpConn, context: ConnectionContext) {
    this.#conn = conn;
    this.#context = context;
    this.#input = new InputBuffer(conn, context.budget, context.memory);
    this.#output = new ConnectionOutput(conn, context.deadlines, context.limits.writeTimeoutMs);
  }

  /** Whether a request is being received or answered. */
  get busy(): boolean {
    return !this.#idle;
  }

  /** Serves requests until the client closes, a limit is hit or the connection is stopped. */
  async serve(): Promise<void> {
    try {
      for (let first = true;; first = false) {
        if (!await this.#nextRequest(first)) return;
        const { maxHeadBytes, maxBodyBytes } = this.#context.limits;
        const head = await readHead(this.#input, maxHeadBytes, maxBodyBytes);
        this.#cancelDeadline();
        if (!await this.#exchange(head)) return;
      }
    } catch (error) {
      if (error instanceof HttpError) {
        await this.#output.refuse(error.status, error.message, error.extraHeaders);
      } else if (!(error instanceof ConnectionGone)) {
        // A fault of the listener's own: this connection ends, the server goes on.
        this.#context.onError?.(error);
      }
    } finally {
      this.#cancelDeadline();
      this.close();
      this.#input.dispose();
    }
  }

  /** Ends the connection after the request in progress; at once if it is idle. */
  stop(): void {
    this.#stopping = true;
    if (this.#idle) this.close();
  }

  /** Closes the connection now. */
  close(): void {
    this.#output.close();
  }

  /** Waits for a request's first byte; false when the client closed or idled out. */
  async #nextRequest(first: boolean): Promise<boolean> {
    const { limits } = this.#context;
    if (this.#input.buffered > 0) {
      this.#idle = false;
      this.#deadline(limits.headersTimeoutMs, this.#headTooSlow);
      return true;
    }
    this.#idle = true;
    if (this.#stopping) return false;
    // The first request's head has its deadline from the connection's opening; a kept-alive
    // connection is let go silently when idle, then gets the head deadline from the first byte.
    if (first) this.#deadline(limits.headersTimeoutMs, this.#headTooSlow);
    else this.#deadline(limits.idleTimeoutMs, this.#idledOut);
    const more = await this.#input.wait();
    this.#idle = false;
    if (!first) this.#deadline(limits.headersTimeoutMs, this.#headTooSlow);
    return more && !this.#output.closed;
  }

  /** Reads the body, answers the request and writes the answer; whether to keep going. */
  async #exchange(head: ReceivedHead): Promise<boolean> {
    const { limits, memory, buffers } = this.#context;
    let body: Uint8Array<ArrayBuffer> | undefined;
    try {
      const hasBody = head.framing.chunked || head.framing.length > 0;
      if (hasBody && head.expectsContinue) {
        // A client told to go on while no body can be taken would send it for nothing.
        this.#input.checkRoom();
        await this.#output.write(CONTINUE);
      }
      this.#deadline(limits.bodyTimeoutMs, this.#bodyTooSlow);
      body = await collectBody(this.#input, head.framing, {
        maxBodyBytes: limits.maxBodyBytes,
        maxTrailerBytes: limits.maxHeadBytes - head.headBytes,
        bodyBlockBytes: memory.bodyBlockBytes,
      });
      this.#cancelDeadline();
      const completed = Promise.withResolvers<void>();
      completed.promise.catch(() => {});
      const response = head.target.asterisk
        ? asteriskAnswer()
        : await callHandler(this.#context, head, body, {
          remoteAddr: this.#conn.remoteAddr,
          completed: completed.promise,
        });
      const keepAlive = head.keepAlive && !this.#stopping;
      const kept = await writeResponse(
        response,
        { method: head.method, minorVersion: head.minorVersion, keepAlive },
        this.#write,
        buffers,
      ).catch((error) => {
        completed.reject(new Deno.errors.Interrupted("The answer could not be sent."));
        throw error;
      });
      completed.resolve();
      return kept && !this.#stopping;
    } finally {
      const requestBytes = head.headBytes + (body?.byteLength ?? 0);
      // The handler's request held the content until now: its memory goes back at once.
      if (body) release(body);
      this.#input.done(requestBytes);
    }
  }

  /** Answers a client that missed the head's or the body's deadline with 408, and closes. */
  #cutOff(part: "head" | "body"): void {
    this.#output.refuse(408, `Request timeout: the request ${part} took too long.`);
  }

  /** Gives the current phase a deadline `ms` from now, replacing the one before. */
  #deadline(ms: number, onPassed: () => void): void {
    this.#context.deadlines.set(this.#phaseDeadline, ms, onPassed);
  }

  #cancelDeadline(): void {
    this.#context.deadlines.clear(this.#phaseDeadline);
  }
}

/** The answer to `OPTIONS *`, about the server as a whole; a body sent with it is ignored. */
function asteriskAnswer(): Response {
  return new Response(null, { status: 204, headers: { allow: "GET, HEAD, POST, OPTIONS" } });
}
