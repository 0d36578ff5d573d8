/**
 * MCP over stdio, one JSON-RPC message per line, with a cap on the length of a line. The SDK's
 * own stdio transport ends the session at its first oversize line, skips lines that are not
 * JSON without a word, and copies its whole buffer for every chunk it receives. Here a line
 * over the cap, or one that is not a JSON-RPC message, is answered with a JSON-RPC error and the
 * session goes on; reading stays linear in the length of a line. When the input ends, the
 * requests already read are still answered (within a time limit) before the transport closes;
 * {@link LineTransport.finish} does the same on demand, for a graceful stop.
 * @module
 */

import {
  type JSONRPCMessage,
  parseJSONRPCMessage,
  ProtocolErrorCode,
  type Transport,
} from "@modelcontextprotocol/server";
import { joinBytes } from "./bytes.ts";

/** The longest line read, in bytes: far above any valid call, like the HTTP body cap. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** How long the requests read before the input ended may take to be answered, by default. */
const DRAIN_TIMEOUT_MS = 30_000;

const NEWLINE = 10;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A transport over a byte stream in and a byte stream out, one message per line. */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #input: ReadableStream<Uint8Array>;
  readonly #output: WritableStreamDefaultWriter<Uint8Array>;
  readonly #maxLineBytes: number;
  readonly #drainTimeoutMs: number;
  #finished: Promise<void> = Promise.resolve();
  #reader?: ReadableStreamDefaultReader<Uint8Array>;
  #writing: Promise<void> = Promise.resolve();
  #closed = false;
  #stopping = false;
  /** The ids of requests read and not yet answered. */
  readonly #pending = new Set<string | number>();
  #drained?: () => void;

  constructor(
    input: ReadableStream<Uint8Array>,
    output: WritableStream<Uint8Array>,
    maxLineBytes: number = MAX_LINE_BYTES,
    drainTimeoutMs: number = DRAIN_TIMEOUT_MS,
  ) {
    this.#input = input;
    this.#output = output.getWriter();
    this.#maxLineBytes = maxLineBytes;
    this.#drainTimeoutMs = drainTimeoutMs;
  }

  /** The requests read and not answered yet. */
  get pending(): number {
    return this.#pending.size;
  }

  /**
   * Starts reading lines; when the input ends, the transport closes itself once every request
   * read is answered.
   */
  start(): Promise<void> {
    this.#reader = this.#input.getReader();
    this.#finished = this.#read().catch((error) => this.onerror?.(error)).finally(async () => {
      await this.#drain();
      await this.close();
    });
    return Promise.resolve();
  }

  /**
   * Stops reading, as if the input had ended: resolves once the requests read are answered (or
   * the drain time limit passed) and the transport is closed.
   */
  async finish(): Promise<void> {
    this.#stopping = true;
    await this.#reader?.cancel().catch(() => {});
    await this.#finished;
  }

  /** Writes `message` as one line, after every message sent before it. */
  send(message: JSONRPCMessage): Promise<void> {
    const line = encoder.encode(JSON.stringify(message) + "\n");
    this.#writing = this.#writing.then(() => this.#output.write(line));
    if (!("method" in message) && "id" in message && this.#pending.delete(message.id!)) {
      if (this.#pending.size === 0) this.#writing.finally(() => this.#drained?.());
    }
    return this.#writing;
  }

  /** Stops reading and tells the SDK the connection is over. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#reader?.cancel().catch(() => {});
    await this.#writing.catch(() => {});
    this.onclose?.();
  }

  async #read(): Promise<void> {
    const parts: Uint8Array[] = [];
    let size = 0;
    let oversize = false;
    for (;;) {
      const { done, value } = await this.#reader!.read();
      if (done || this.#closed || this.#stopping) return;
      let from = 0;
      while (from < value.length) {
        const newline = value.indexOf(NEWLINE, from);
        const end = newline === -1 ? value.length : newline;
        if (!oversize) {
          size += end - from;
          if (size > this.#maxLineBytes) {
            oversize = true;
            parts.length = 0;
          } else if (end > from) parts.push(value.subarray(from, end));
        }
        if (newline === -1) break;
        if (oversize) this.#refuse(ProtocolErrorCode.InvalidRequest, this.#tooLong());
        else this.#receive(joinBytes(parts, size));
        parts.length = 0;
        size = 0;
        oversize = false;
        from = newline + 1;
      }
    }
  }

  #receive(bytes: Uint8Array): void {
    const line = decoder.decode(bytes).replace(/\r$/, "");
    if (line.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return this.#refuse(ProtocolErrorCode.ParseError, "Parse error: the line is not valid JSON.");
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(json);
    } catch {
      return this.#refuse(
        ProtocolErrorCode.InvalidRequest,
        "Invalid request: the line is not a JSON-RPC message.",
      );
    }
    if ("method" in message && "id" in message) this.#pending.add(message.id);
    this.onmessage?.(message);
  }

  /** Resolves once every request read is answered, or after the drain time limit. */
  #drain(): Promise<void> {
    if (this.#pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.#drainTimeoutMs);
      this.#drained = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  #tooLong(): string {
    return `Invalid request: a line may be at most ${
      this.#maxLineBytes.toLocaleString("en-US")
    } bytes.`;
  }

  #refuse(code: number, message: string): void {
    this.send({ jsonrpc: "2.0", id: null, error: { code, message } } as unknown as JSONRPCMessage)
      .catch((error) => this.onerror?.(error));
  }
}
