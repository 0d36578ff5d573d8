/**
 * For testing a server on this listener: {@linkcode receive} makes requests as the listener hands
 * them to its handler, without a socket (its parsing, its lazily built `Request`), and
 * {@linkcode RawClient} sends bytes exactly as given over TCP and reads the answers back.
 *
 * @example
 * ```ts
 * import { receive } from "@render-results/http1/testing";
 *
 * const request = await receive("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
 * console.assert(request.headers.get("host") === "127.0.0.1");
 * ```
 * @module
 */

import { ByteBudget } from "./_internal/byte_budget.ts";
import { requestOf } from "./_internal/handler_call.ts";
import { InputBuffer } from "./_internal/input_buffer.ts";
import { type ListenerLimits, settingsOf } from "./_internal/options.ts";
import { piecesSource } from "./_internal/pieces_source.ts";
import { collectBody } from "./_internal/request_body.ts";
import { readHead } from "./_internal/request_head.ts";

/**
 * The `Request` the listener would hand its handler for `bytes`, one whole request as a client
 * sends it (a string is one byte per character), read with the listener's own parser within
 * `limits` and with its URL on `origin`. A request the listener would refuse rejects with an
 * error whose `status` is the status it would answer; one that is incomplete rejects too.
 */
export async function receive(
  bytes: Uint8Array | string,
  { origin = "http://127.0.0.1:8000", limits: given }: {
    origin?: string;
    limits?: Partial<ListenerLimits>;
  } = {},
): Promise<Request> {
  const { limits, memory } = settingsOf({ limits: given });
  const whole = typeof bytes === "string" ? Uint8Array.from(bytes, (c) => c.charCodeAt(0)) : bytes;
  const budget = new ByteBudget(limits.maxBufferedBytes);
  const input = new InputBuffer(piecesSource([whole]), budget, memory);
  const head = await readHead(input, limits.maxHeadBytes, limits.maxBodyBytes);
  const content = await collectBody(input, head.framing, {
    maxBodyBytes: limits.maxBodyBytes,
    maxTrailerBytes: limits.maxHeadBytes - head.headBytes,
    bodyBlockBytes: memory.bodyBlockBytes,
  });
  return requestOf(head, content, origin);
}

/**
 * What is received is read one character per byte, so that `Content-Length` counts characters.
 * (`TextDecoder`'s "latin1" is windows-1252, which maps a few bytes elsewhere, but never merges
 * or splits them.)
 */
const latin1 = new TextDecoder("latin1");

/** A raw TCP client of `server`. */
export class RawClient {
  /** The connection to the server. */
  readonly conn: Deno.TcpConn;
  #received = "";

  private constructor(conn: Deno.TcpConn) {
    this.conn = conn;
  }

  /** Connects to `server`'s port on the loopback address. */
  static async connect(server: { addr: Deno.NetAddr }): Promise<RawClient> {
    return new RawClient(await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port }));
  }

  /** Sends `text`, one byte per character (so `\xa0` is one byte, not UTF-8's two). */
  async send(text: string): Promise<void> {
    const bytes = Uint8Array.from(text, (char) => char.charCodeAt(0));
    for (let written = 0; written < bytes.length;) {
      written += await this.conn.write(bytes.subarray(written));
    }
  }

  /** Reads until the server closes the connection (or `timeoutMs` passes) and returns it all. */
  async readToEnd(timeoutMs = 5_000): Promise<{ text: string; closed: boolean }> {
    const buffer = new Uint8Array(65536);
    const timer = setTimeout(() => this.conn.close(), timeoutMs);
    let closed = false;
    try {
      for (;;) {
        const read = await this.conn.read(buffer);
        if (read === null) {
          closed = true;
          break;
        }
        this.#received += latin1.decode(buffer.subarray(0, read));
      }
    } catch {
      // Closed by the timer: the server kept the connection open.
    } finally {
      clearTimeout(timer);
    }
    return { text: this.#received, closed };
  }

  /** Reads until `count` complete answers (with Content-Length) have arrived. */
  async readAnswers(count: number): Promise<string[]> {
    const buffer = new Uint8Array(65536);
    for (;;) {
      const answers = splitAnswers(this.#received);
      if (answers.length >= count) return answers;
      const read = await this.conn.read(buffer);
      if (read === null) return answers;
      this.#received += latin1.decode(buffer.subarray(0, read));
    }
  }

  /** Closes the connection, if it is still open. */
  close(): void {
    try {
      this.conn.close();
    } catch {
      // Already closed.
    }
  }
}

/** The whole answers in `text` (interim ones and those without a body included). */
export function splitAnswers(text: string): string[] {
  const answers: string[] = [];
  let rest = text;
  for (;;) {
    const headEnd = rest.indexOf("\r\n\r\n");
    if (headEnd === -1) return answers;
    const head = rest.slice(0, headEnd);
    const length = Number(head.match(/content-length: (\d+)/i)?.[1] ?? 0);
    if (rest.length < headEnd + 4 + length) return answers;
    answers.push(rest.slice(0, headEnd + 4 + length));
    rest = rest.slice(headEnd + 4 + length);
  }
}

/** The status code of `answer`. */
export function statusOf(answer: string): number {
  return Number(answer.slice(9, 12));
}
