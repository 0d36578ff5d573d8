/**
 * One client connection, serving its requests one after another (pipelined ones in order):
 * every phase has a deadline, every refusal closes the connection, and an idle connection holds
 * no buffer.
 * @module
 */

import type { Deadlines } from "../../timers.ts";
import type { ByteBudget } from "./byte_budget.ts";
import { ConnectionGone, InputBuffer, release } from "./input_buffer.ts";
import { readBody } from "./request_body.ts";
import { parseHead, type RequestHead } from "./request_head.ts";
import { type OutputBuffers, writeResponse } from "./response_writer.ts";
import { refusal } from "./status_text.ts";
import { HttpError } from "./syntax.ts";
import type { Http1Handler, Http1Limits } from "./types.ts";

/** How long a client gets to read a refusal before its connection is closed. */
const REFUSAL_WRITE_MS = 1_000;
const CONTINUE = new TextEncoder().encode("HTTP/1.1 100 Continue\r\n\r\n");

/** A parsed head and its size in bytes. */
type ReceivedHead = RequestHead & { headBytes: number };

/** What the connections of one server share. */
export interface ConnectionContext {
  limits: Http1Limits;
  deadlines: Deadlines;
  budget: ByteBudget;
  buffers: OutputBuffers;
  handler: Http1Handler;
  /** The origin of the handler's request URLs: the listening address. */
  origin: string;
}

/** A connection being served. */
export class Connection {
  readonly #conn: Deno.TcpConn;
  readonly #context: ConnectionContext;
  readonly #input: InputBuffer;
  #cancelDeadline = () => {};
  #closed = false;
  #stopping = false;
  /** Whether the connection waits for a request's first byte. */
  #idle = true;

  /** Serves `conn` with what `context` holds. */
  constructor(conn: Deno.TcpConn, context: ConnectionContext) {
    this.#conn = conn;
    this.#context = context;
    this.#input = new InputBuffer(conn, context.budget);
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
        if (!await this.#exchange(await this.#readHead())) return;
      }
    } catch (error) {
      if (error instanceof HttpError) {
        await this.#refuse(error.status, error.message, error.extraHeaders);
      } else if (!(error instanceof ConnectionGone)) throw error;
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
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.#conn.close();
    } catch {
      // Closed already.
    }
  }

  /** Waits for a request's first byte; false when the client closed or idled out. */
  async #nextRequest(first: boolean): Promise<boolean> {
    const { limits } = this.#context;
    if (this.#input.buffered > 0) {
      this.#idle = false;
      this.#deadline(limits.headersTimeoutMs, () => this.#cutOff("head"));
      return true;
    }
    this.#idle = true;
    if (this.#stopping) return false;
    // The first request's head has its deadline from the connection's opening; a kept-alive
    // connection is let go silently when idle, then gets the head deadline from the first byte.
    if (first) this.#deadline(limits.headersTimeoutMs, () => this.#cutOff("head"));
    else this.#deadline(limits.idleTimeoutMs, () => this.close());
    const more = await this.#input.wait();
    this.#idle = false;
    if (!first) this.#deadline(limits.headersTimeoutMs, () => this.#cutOff("head"));
    return more && !this.#closed;
  }

  async #readHead(): Promise<ReceivedHead> {
    const { maxHeadBytes, maxBodyBytes } = this.#context.limits;
    const tooLarge = () =>
      new HttpError(
        431,
        `Request header fields too large: the limit is ${
          maxHeadBytes.toLocaleString("en-US")
        } bytes.`,
      );
    let line: string;
    // Empty lines before a request line are ignored (RFC 9112 section 2.2).
    do line = await this.#input.readLine(maxHeadBytes, tooLarge); while (line === "");
    const lines = [line];
    let size = line.length + 2;
    for (;;) {
      const field = await this.#input.readLine(maxHeadBytes - size, tooLarge);
      size += field.length + 2;
      if (size > maxHeadBytes) throw tooLarge();
      if (field === "") break;
      lines.push(field);
    }
    this.#cancelDeadline();
    return { ...parseHead(lines, maxBodyBytes), headBytes: size };
  }

  /** Reads the body, answers the request and writes the answer; whether to keep going. */
  async #exchange(head: ReceivedHead): Promise<boolean> {
    const { limits, buffers } = this.#context;
    try {
      const hasBody = head.framing.chunked || head.framing.length > 0;
      if (hasBody && head.expectsContinue) await this.#write(CONTINUE);
      this.#deadline(limits.bodyTimeoutMs, () => this.#cutOff("body"));
      const body = await readBody(this.#input, head.framing, {
        maxBodyBytes: limits.maxBodyBytes,
        maxTrailerBytes: limits.maxHeadBytes - head.headBytes,
      });
      this.#cancelDeadline();
      const completed = Promise.withResolvers<void>();
      completed.promise.catch(() => {});
      const response = head.target.asterisk
        ? new Response(null, { status: 204, headers: { allow: "GET, HEAD, POST, OPTIONS" } })
        : await this.#answer(head, body, completed.promise);
      const keepAlive = head.keepAlive && !this.#stopping;
      const kept = await writeResponse(
        response,
        { ...head, keepAlive },
        (bytes) => this.#write(bytes),
        buffers,
      ).catch((error) => {
        completed.reject(new Deno.errors.Interrupted("The answer could not be sent."));
        throw error;
      });
      completed.resolve();
      return kept && !this.#stopping;
    } finally {
      this.#input.done();
    }
  }

  async #answer(
    head: RequestHead,
    body: Uint8Array<ArrayBuffer> | undefined,
    completed: Promise<void>,
  ): Promise<Response> {
    const { handler, origin } = this.#context;
    const bodiless = head.method === "GET" || head.method === "HEAD";
    const request = new Request(origin + head.target.path, {
      method: head.method,
      headers: head.headers,
      body: bodiless ? undefined : body,
    });
    // The request holds its own copy of the body.
    if (body) release(body);
    try {
      return await handler(request, { remoteAddr: this.#conn.remoteAddr, completed });
    } catch {
      return new Response("Internal server error.\n", {
        status: 500,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
  }

  /** Writes all of `bytes` within the write deadline, or cuts the connection off. */
  async #write(bytes: Uint8Array): Promise<void> {
    if (this.#closed) throw new ConnectionGone();
    this.#deadline(this.#context.limits.writeTimeoutMs, () => this.close());
    try {
      let written = 0;
      while (written < bytes.length) written += await this.#conn.write(bytes.subarray(written));
    } catch {
      throw new ConnectionGone();
    } finally {
      this.#cancelDeadline();
    }
  }

  /** Sends a refusal, if the client takes it within a short time, and closes the connection. */
  async #refuse(status: number, message: string, extraHeaders = ""): Promise<void> {
    if (this.#closed) return;
    this.#deadline(REFUSAL_WRITE_MS, () => this.close());
    try {
      await this.#conn.write(refusal(status, message, extraHeaders));
    } catch {
      // The client is gone; the connection closes either way.
    } finally {
      this.close();
    }
  }

  /** Answers a client that missed the head's or the body's deadline with 408, and closes. */
  #cutOff(part: "head" | "body"): void {
    this.#refuse(408, `Request timeout: the request ${part} took too long.`);
  }

  /** Gives the current phase a deadline `ms` from now, replacing the one before. */
  #deadline(ms: number, onPassed: () => void): void {
    this.#cancelDeadline();
    this.#cancelDeadline = this.#context.deadlines.add(ms, onPassed);
  }
}
