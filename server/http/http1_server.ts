/**
 * An HTTP/1.1 server on `Deno.listen` that no client can hold: every connection has a deadline
 * for the request head, one for the body, one for writing the answer and an idle timeout between
 * requests; connections beyond a limit are answered 503 and closed; a body is read as it
 * arrives, never reserved by its declared length; and running out of file handles only pauses
 * accepting. `Deno.serve` has none of these limits, and its accept loop ends the process when
 * the file handles run out.
 *
 * It speaks the subset of HTTP/1.1 an MCP endpoint needs: origin-form targets, `Content-Length`
 * and chunked bodies, `Expect: 100-continue`, keep-alive and pipelining (one request at a time),
 * and answers that are either whole (sent with `Content-Length`) or server-sent event streams
 * (sent chunked).
 * @module
 */

import { joinBytes } from "../bytes.ts";
import { afterDelay } from "../timers.ts";

/** The limits of the server; every request is bounded by them. */
export interface Http1Limits {
  /** Time from a connection's first byte (or a request's first byte) to the end of its head. */
  headersTimeoutMs: number;
  /** Time from the end of the head to the end of the body. */
  bodyTimeoutMs: number;
  /** Time a kept-alive connection may wait for its next request's first byte. */
  idleTimeoutMs: number;
  /** Time to write one answer; a client that does not read it is cut off. */
  writeTimeoutMs: number;
  /** Open connections at most; more are answered 503 and closed. */
  maxConnections: number;
  /** The largest request head, in bytes (431 beyond). */
  maxHeadBytes: number;
  /** The largest request body, in bytes (413 beyond). */
  maxBodyBytes: number;
}

/** What the server tells about itself and its trouble. */
export interface Http1Events {
  /** Called once the server listens. */
  onListen?(address: Deno.NetAddr): void;
  /** Called when accepting fails (for example, no file handles left) and is retried. */
  onAcceptError?(error: Error): void;
}

/** A running server. */
export interface Http1Server {
  /** The address the server listens on. */
  readonly addr: Deno.NetAddr;
  /** The number of open connections. */
  readonly connections: number;
  /** Stops accepting, closes every connection and resolves when all are closed. */
  shutdown(): Promise<void>;
}

/** How often the deadlines of the open connections are checked. */
const SWEEP_MS = 50;
/** How long accepting pauses after it failed, for example for want of file handles. */
const ACCEPT_RETRY_MS = 100;
/**
 * Connections over the limit that are told 503 at once; beyond these, they are closed without
 * a word, so that refusing never holds more than a few file handles either.
 */
const REFUSAL_SLOTS = 16;
/** File handles freed when accepting finds none left: the runtime needs some for itself. */
const HANDLE_MARGIN = 32;
/** A connection's first buffer; it grows with the bytes that arrive, and shrinks back after. */
const INITIAL_BUFFER_BYTES = 128 * 1024;
/** The largest buffer a connection keeps between requests; a larger one is let go. */
const KEPT_BUFFER_BYTES = 128 * 1024;
/** The least room a read gets; the buffer grows (or its unread bytes move) to make it. */
const MIN_READ_BYTES = 8 * 1024;
/** How long a client gets to read an error answer before its connection is closed. */
const ERROR_WRITE_MS = 1_000;
const CRLF = new Uint8Array([13, 10]);
const CHUNKED_END = new TextEncoder().encode("0\r\n\r\n");
const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();

const REASONS: Record<number, string> = {
  100: "Continue",
  200: "OK",
  202: "Accepted",
  204: "No Content",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
  505: "HTTP Version Not Supported",
};

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// A field value: visible ASCII, space, tab and obs-text; never CR, LF or NUL.
const FIELD_VALUE = /^[\t\x20-\x7E\x80-\xFF]*$/;
const DIGITS = /^[0-9]+$/;

/** A request the client sent wrongly: answered with `status` and the connection closed. */
class ClientError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** The connection ended or was cut off: nothing more can be sent on it. */
class ConnectionGone extends Error {}

/**
 * Answers one request. The body has been read already: it is given beside the `Request`,
 * which carries none, so that it is not copied once more.
 */
export type Http1Handler = (request: Request, body: Uint8Array) => Promise<Response>;

/**
 * Listens on `hostname:port` and answers every request with `handler`. The handler's `Request`
 * has the listening address as its origin; the client's `Host` header is among its headers.
 */
export function serveHttp1(
  options: { hostname: string; port: number; limits: Http1Limits } & Http1Events,
  handler: Http1Handler,
): Http1Server {
  const listener = Deno.listen({ hostname: options.hostname, port: options.port });
  const addr = listener.addr;
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  const origin = `http://${host}:${addr.port}`;
  const open = new Set<Connection>();
  let refusing = 0;
  let stopping = false;
  // The connections the process has file handles for: the limit, until accepting finds none.
  let capacity = options.limits.maxConnections;

  // One timer for every connection's deadline: cheaper than a timer per phase of each request.
  const sweep = () => {
    if (stopping) return;
    const now = performance.now();
    for (const connection of open) connection.checkDeadline(now);
    afterDelay(SWEEP_MS, sweep);
  };
  afterDelay(SWEEP_MS, sweep);

  const accepting = (async () => {
    while (!stopping) {
      let conn: Deno.TcpConn;
      try {
        conn = await listener.accept();
      } catch (error) {
        if (stopping) return;
        if (error instanceof Error && /too many open files/i.test(error.message)) {
          // The process's file handles ran out before the connection limit did: serve fewer
          // from now on, and free some at once, idle connections first, for the runtime.
          capacity = Math.max(1, open.size - HANDLE_MARGIN);
          shed([...open], open.size - capacity);
        }
        options.onAcceptError?.(error as Error);
        await new Promise<void>((resolve) => afterDelay(ACCEPT_RETRY_MS, resolve));
        continue;
      }
      if (open.size >= capacity) {
        if (refusing >= REFUSAL_SLOTS) closeQuietly(conn);
        else {
          refusing++;
          refuse(conn).finally(() => refusing--);
        }
        continue;
      }
      // Answers go out whole, in one write: Nagle's algorithm would only hold them back.
      conn.setNoDelay(true);
      const connection = new Connection(conn, origin, options.limits, handler);
      open.add(connection);
      connection.serve().finally(() => open.delete(connection));
    }
  })();
  options.onListen?.(addr);

  return {
    addr,
    get connections() {
      return open.size;
    },
    async shutdown() {
      stopping = true;
      listener.close();
      await accepting;
      const closing = [...open].map((connection) => connection.close());
      await Promise.all(closing);
    },
  };
}

/** Closes `count` of `connections`, those that are not answering a request first. */
function shed(connections: Connection[], count: number): void {
  const idleFirst = connections.sort((a, b) => Number(a.busy) - Number(b.busy));
  for (const connection of idleFirst.slice(0, count)) connection.close();
}

/** Answers a connection over the limit with 503 and closes it. */
async function refuse(conn: Deno.TcpConn): Promise<void> {
  const bytes = errorMessage(
    503,
    "Service unavailable: too many connections; retry shortly.",
    "retry-after: 1\r\n",
  );
  // A client that does not read its answer is cut off all the same.
  afterDelay(ERROR_WRITE_MS, () => closeQuietly(conn));
  try {
    await conn.write(bytes);
  } catch {
    // The client is gone.
  } finally {
    closeQuietly(conn);
  }
}

/** A whole HTTP answer with a JSON-RPC error body, closing the connection. */
function errorMessage(status: number, message: string, extraHeaders = ""): Uint8Array {
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
  return encoder.encode(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\n${extraHeaders}connection: close\r\n` +
      `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
  );
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}

/** The parsed head of one request. */
interface RequestHead {
  method: string;
  target: string;
  headers: [string, string][];
  contentLength?: number;
  chunked: boolean;
  keepAlive: boolean;
  expectsContinue: boolean;
}

/** One client connection, serving its requests one after another. */
class Connection {
  readonly #conn: Deno.TcpConn;
  readonly #origin: string;
  readonly #limits: Http1Limits;
  readonly #handler: Http1Handler;
  /** Bytes received and not yet consumed: `#buffer[#start..#end]`. */
  #buffer: Uint8Array<ArrayBuffer> = new Uint8Array(INITIAL_BUFFER_BYTES);
  /** Where answers are encoded before they are written; grown to fit, and kept. */
  #output = new Uint8Array(0);
  #start = 0;
  #end = 0;
  /** When the current phase's deadline passes (`performance.now()` time), if it has one. */
  #deadlineAt = Infinity;
  #onExpiry: (() => void) | undefined;
  #expiry: { expired: boolean } = { expired: false };
  #closed = false;
  /** Whether a request is being answered (from its head to the end of its answer). */
  busy = false;

  constructor(
    conn: Deno.TcpConn,
    origin: string,
    limits: Http1Limits,
    handler: Http1Handler,
  ) {
    this.#conn = conn;
    this.#origin = origin;
    this.#limits = limits;
    this.#handler = handler;
  }

  /** Serves requests until the client closes, a limit is hit or the server shuts down. */
  async serve(): Promise<void> {
    try {
      let first = true;
      for (;;) {
        const head = await this.#readHead(first);
        if (head === undefined) return;
        first = false;
        this.busy = true;
        const keepAlive = await this.#exchange(head);
        this.busy = false;
        if (!keepAlive) return;
      }
    } catch (error) {
      if (error instanceof ClientError) await this.#sendError(error.status, error.message);
    } finally {
      this.#deadline(undefined);
      await this.close();
    }
  }

  /** Closes the connection. */
  close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      closeQuietly(this.#conn);
    }
    return Promise.resolve();
  }

  /** Reads one request head; undefined when the client closed or idled out between requests. */
  async #readHead(first: boolean): Promise<RequestHead | undefined> {
    const limits = this.#limits;
    // Between requests, an idle client is let go silently; once a byte arrives, the head must
    // follow within its own deadline.
    if (this.#start === this.#end && !first) {
      const idle = this.#deadline(limits.idleTimeoutMs, () => this.close());
      const more = await this.#fill();
      this.#deadline(undefined);
      if (!more || idle.expired) return undefined;
    }
    const expired = this.#deadline(
      limits.headersTimeoutMs,
      () => this.#cutOff(408, "Request timeout: the request head took too long."),
    );
    let scanned = this.#start;
    for (;;) {
      const end = indexOfHeadEnd(this.#buffer, scanned, this.#end);
      const size = (end === -1 ? this.#end : end) - this.#start;
      if (size > limits.maxHeadBytes) {
        throw new ClientError(
          431,
          `Request head too large: the limit is ${
            limits.maxHeadBytes.toLocaleString("en-US")
          } bytes.`,
        );
      }
      if (end !== -1) {
        this.#deadline(undefined);
        const head = this.#parseHead(this.#start, end);
        this.#start = end + 4;
        return head;
      }
      scanned = Math.max(this.#start, this.#end - 3);
      const more = await this.#fill();
      if (expired.expired) throw new ConnectionGone();
      if (!more) {
        if (this.#start === this.#end) return undefined;
        throw new ClientError(400, "Bad request: the connection ended inside a request head.");
      }
    }
  }

  #parseHead(from: number, to: number): RequestHead {
    const text = latin1(this.#buffer, from, to);
    const lines = text.split("\r\n");
    const requestLine = lines[0].split(" ");
    if (requestLine.length !== 3) {
      throw new ClientError(400, "Bad request: malformed request line.");
    }
    const [method, target, version] = requestLine;
    if (!TOKEN.test(method)) throw new ClientError(400, "Bad request: malformed method.");
    if (version !== "HTTP/1.1" && version !== "HTTP/1.0") {
      throw new ClientError(505, "HTTP version not supported: use HTTP/1.1.");
    }
    if (!target.startsWith("/") && !(method === "OPTIONS" && target === "*")) {
      throw new ClientError(400, "Bad request: the request target must be a path.");
    }
    const headers: [string, string][] = [];
    let contentLength: string | undefined;
    let transferEncoding: string | undefined;
    let connection = "";
    let expect = "";
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      const colon = line.indexOf(":");
      if (colon <= 0) throw new ClientError(400, "Bad request: malformed header line.");
      const name = line.slice(0, colon);
      const value = line.slice(colon + 1).trim();
      if (!TOKEN.test(name) || !FIELD_VALUE.test(value)) {
        throw new ClientError(400, "Bad request: malformed header.");
      }
      const lower = name.toLowerCase();
      if (lower === "content-length") {
        if (contentLength !== undefined && contentLength !== value) {
          throw new ClientError(400, "Bad request: conflicting Content-Length headers.");
        }
        contentLength = value;
      } else if (lower === "transfer-encoding") {
        transferEncoding = transferEncoding === undefined ? value : `${transferEncoding}, ${value}`;
      } else if (lower === "connection") connection += `,${value.toLowerCase()}`;
      else if (lower === "expect") expect = value.toLowerCase();
      headers.push([name, value]);
    }
    let length: number | undefined;
    let chunked = false;
    if (transferEncoding !== undefined) {
      // A request with both headers could be read two ways: refuse it (RFC 9112, 6.1).
      if (contentLength !== undefined) {
        throw new ClientError(400, "Bad request: both Content-Length and Transfer-Encoding.");
      }
      if (transferEncoding.toLowerCase() !== "chunked") {
        throw new ClientError(501, "Not implemented: the only transfer coding is chunked.");
      }
      chunked = true;
    } else if (contentLength !== undefined) {
      if (!DIGITS.test(contentLength)) {
        throw new ClientError(400, "Bad request: malformed Content-Length.");
      }
      length = Number(contentLength);
      if (length > this.#limits.maxBodyBytes) throw this.#tooLarge();
    }
    const keepAlive = version === "HTTP/1.1"
      ? !connection.includes("close")
      : connection.includes("keep-alive");
    return {
      method,
      target,
      headers,
      contentLength: length,
      chunked,
      keepAlive,
      expectsContinue: expect === "100-continue",
    };
  }

  /** Reads the body, answers the request and writes the answer; whether to keep the connection. */
  async #exchange(head: RequestHead): Promise<boolean> {
    const hasBody = head.chunked || (head.contentLength ?? 0) > 0;
    if (hasBody && head.expectsContinue) {
      await this.#write(encoder.encode("HTTP/1.1 100 Continue\r\n\r\n"));
    }
    this.#deadline(
      this.#limits.bodyTimeoutMs,
      () => this.#cutOff(408, "Request timeout: the request body took too long."),
    );
    let body: Uint8Array;
    try {
      body = head.chunked
        ? await this.#readChunked()
        : hasBody
        ? await this.#readExactly(head.contentLength!)
        : new Uint8Array();
    } finally {
      this.#deadline(undefined);
    }
    const request = new Request(this.#origin + head.target, {
      method: head.method,
      headers: head.headers,
    });
    let response: Response;
    try {
      response = await this.#handler(request, body);
    } catch {
      throw new ClientError(500, "Internal error.");
    }
    // The body, a view into the buffer, has been read by now: the buffer may be reused.
    this.#shrink();
    return await this.#writeResponse(response, head);
  }

  async #readExactly(length: number): Promise<Uint8Array<ArrayBuffer>> {
    while (this.#end - this.#start < length) {
      if (!await this.#fill()) throw new ConnectionGone();
    }
    // A view, not a copy: the Request made from it copies the bytes, before the buffer is reused.
    const body = this.#buffer.subarray(this.#start, this.#start + length);
    this.#start += length;
    return body;
  }

  async #readChunked(): Promise<Uint8Array<ArrayBuffer>> {
    const parts: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    for (;;) {
      const line = await this.#readLine();
      const hex = line.split(";")[0].trim();
      if (!/^[0-9A-Fa-f]{1,8}$/.test(hex)) {
        throw new ClientError(400, "Bad request: malformed chunk size.");
      }
      const length = parseInt(hex, 16);
      if (length === 0) {
        // Trailers are read and dropped.
        while ((await this.#readLine()) !== "");
        break;
      }
      size += length;
      if (size > this.#limits.maxBodyBytes) throw this.#tooLarge();
      // A copy: reading the next chunk line may move the bytes in the buffer.
      parts.push((await this.#readExactly(length)).slice());
      if ((await this.#readLine()) !== "") {
        throw new ClientError(400, "Bad request: malformed chunk.");
      }
    }
    return joinBytes(parts, size);
  }

  async #readLine(): Promise<string> {
    for (;;) {
      const at = indexOfCrlf(this.#buffer, this.#start, this.#end);
      if (at !== -1) {
        const line = latin1(this.#buffer, this.#start, at);
        this.#start = at + 2;
        return line;
      }
      if (this.#end - this.#start > this.#limits.maxHeadBytes) {
        throw new ClientError(400, "Bad request: a chunk line is too long.");
      }
      if (!await this.#fill()) throw new ConnectionGone();
    }
  }

  #tooLarge(): ClientError {
    return new ClientError(
      413,
      `Request body too large: the limit is ${
        this.#limits.maxBodyBytes.toLocaleString("en-US")
      } bytes.`,
    );
  }

  /** Reads more bytes into the buffer; false when the client closed its side. */
  async #fill(): Promise<boolean> {
    if (this.#closed) return false;
    if (this.#start === this.#end) this.#start = this.#end = 0;
    if (this.#buffer.length - this.#end < MIN_READ_BYTES) {
      const unread = this.#end - this.#start;
      if (unread + MIN_READ_BYTES <= this.#buffer.length) {
        this.#buffer.copyWithin(0, this.#start, this.#end);
      } else {
        const grown = new Uint8Array(Math.max(this.#buffer.length * 2, unread + MIN_READ_BYTES));
        grown.set(this.#buffer.subarray(this.#start, this.#end));
        this.#buffer = grown;
      }
      this.#start = 0;
      this.#end = unread;
    }
    let read: number | null;
    try {
      read = await this.#conn.read(this.#buffer.subarray(this.#end));
    } catch {
      return false;
    }
    if (read === null) return false;
    this.#end += read;
    return true;
  }

  /** Lets go of a buffer a large request grew, once nothing in it is unread. */
  #shrink(): void {
    if (this.#start === this.#end && this.#buffer.length > KEPT_BUFFER_BYTES) {
      this.#buffer = new Uint8Array(INITIAL_BUFFER_BYTES);
      this.#start = this.#end = 0;
    }
  }

  async #writeResponse(response: Response, head: RequestHead): Promise<boolean> {
    const keepAlive = head.keepAlive && !this.#closed;
    let lines = `HTTP/1.1 ${response.status} ${REASONS[response.status] ?? "Status"}\r\n`;
    for (const [name, value] of response.headers) {
      if (name !== "content-length" && name !== "connection" && name !== "transfer-encoding") {
        lines += `${name}: ${value}\r\n`;
      }
    }
    if (!keepAlive) lines += "connection: close\r\n";
    // `response.body` is looked at only for a stream: reading it turns a body made from a string
    // into a stream, which keeps the answer alive long enough to be copied into the old
    // generation of the heap, and then collected at many times the cost.
    const streaming = response.headers.get("content-type")?.startsWith("text/event-stream") &&
      response.body !== null;
    if (streaming && head.method !== "HEAD") {
      await this.#write(encoder.encode(`${lines}transfer-encoding: chunked\r\n\r\n`));
      await this.#writeChunks(response.body!);
      return keepAlive;
    }
    const bodiless = response.status === 204 || response.status === 304;
    // The body as bytes, never as text: a body made from a string is encoded once, and not
    // decoded and encoded again.
    const body = head.method === "HEAD" || bodiless
      ? EMPTY
      : new Uint8Array(await response.arrayBuffer());
    // Head and body are written from the connection's output buffer, which is reused: no
    // answer-sized array is made for each answer.
    const headText = `${lines}${bodiless ? "" : `content-length: ${body.byteLength}\r\n`}\r\n`;
    const capacity = headText.length * 3 + body.byteLength;
    if (this.#output.length < capacity) this.#output = new Uint8Array(capacity * 2);
    const headBytes = encoder.encodeInto(headText, this.#output).written;
    this.#output.set(body, headBytes);
    await this.#write(this.#output.subarray(0, headBytes + body.byteLength));
    if (this.#output.length > KEPT_BUFFER_BYTES * 4) this.#output = new Uint8Array(0);
    return keepAlive;
  }

  async #writeChunks(stream: ReadableStream<Uint8Array>): Promise<void> {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value.length === 0) continue;
        await this.#write(encoder.encode(value.length.toString(16) + "\r\n"));
        await this.#write(value);
        await this.#write(CRLF);
      }
      await this.#write(CHUNKED_END);
    } finally {
      reader.cancel().catch(() => {});
    }
  }

  /** Writes all of `bytes` within the write deadline, or cuts the connection off. */
  async #write(bytes: Uint8Array): Promise<void> {
    if (this.#closed) throw new ConnectionGone();
    const expired = this.#deadline(this.#limits.writeTimeoutMs, () => this.close());
    try {
      let written = 0;
      while (written < bytes.length) written += await this.#conn.write(bytes.subarray(written));
    } catch {
      throw new ConnectionGone();
    } finally {
      if (!expired.expired) this.#deadline(undefined);
    }
  }

  /** Sends an error answer within a short time, if the connection still takes one. */
  async #sendError(status: number, message: string): Promise<void> {
    if (this.#closed) return;
    afterDelay(ERROR_WRITE_MS, () => this.close());
    try {
      await this.#conn.write(errorMessage(status, message));
    } catch {
      // The client is gone; the connection closes either way.
    }
  }

  /** Answers a client that missed a deadline with `status` and closes the connection. */
  #cutOff(status: number, message: string): void {
    this.#sendError(status, message).finally(() => this.close());
  }

  /**
   * Gives the current phase a deadline `ms` from now, after which `onExpiry` runs, replacing the
   * deadline set before; `undefined` clears it. The returned flag turns true when it passes.
   */
  #deadline(ms: number | undefined, onExpiry?: () => void): { expired: boolean } {
    this.#expiry = { expired: false };
    this.#deadlineAt = ms === undefined ? Infinity : performance.now() + ms;
    this.#onExpiry = onExpiry;
    return this.#expiry;
  }

  /** Runs the current phase's expiry if its deadline has passed by `now`. */
  checkDeadline(now: number): void {
    if (now < this.#deadlineAt) return;
    this.#deadlineAt = Infinity;
    this.#expiry.expired = true;
    this.#onExpiry?.();
  }
}

/** The index of the `\r\n\r\n` that ends a head in `bytes[from..to]`, or -1. */
function indexOfHeadEnd(bytes: Uint8Array, from: number, to: number): number {
  for (let i = bytes.indexOf(13, from); i !== -1 && i + 3 < to; i = bytes.indexOf(13, i + 1)) {
    if (bytes[i + 1] === 10 && bytes[i + 2] === 13 && bytes[i + 3] === 10) return i;
  }
  return -1;
}

/** The index of the next `\r\n` in `bytes[from..to]`, or -1. */
function indexOfCrlf(bytes: Uint8Array, from: number, to: number): number {
  for (let i = bytes.indexOf(13, from); i !== -1 && i + 1 < to; i = bytes.indexOf(13, i + 1)) {
    if (bytes[i + 1] === 10) return i;
  }
  return -1;
}

/** `bytes[from..to]` as a string of Latin-1 characters, one per byte. */
function latin1(bytes: Uint8Array, from: number, to: number): string {
  let text = "";
  for (let i = from; i < to; i += 8192) {
    text += String.fromCharCode(...bytes.subarray(i, Math.min(i + 8192, to)));
  }
  return text;
}
