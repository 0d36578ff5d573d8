/**
 * A raw TCP client for HTTP/1.1 tests: sends bytes exactly as given, and reads answers back, or
 * everything until the server closes.
 * @module
 */

/**
 * What is received is read one character per byte, so that `Content-Length` counts characters.
 * (`TextDecoder`'s "latin1" is windows-1252, which maps a few bytes elsewhere, but never merges
 * or splits them.)
 */
const latin1 = new TextDecoder("latin1");

/** A raw TCP client of `server`. */
export class RawClient {
  readonly conn: Deno.TcpConn;
  #received = "";

  private constructor(conn: Deno.TcpConn) {
    this.conn = conn;
  }

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
