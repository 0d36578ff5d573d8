/**
 * What `serve` takes besides its handler: where to listen, the limits every request is held to,
 * how the listener holds what it receives, and what it reports. Every setting has a default.
 * @module
 */

/** The limits every connection and request is held to. */
export interface ListenerLimits {
  /**
   * Time from a connection's opening (or a kept-alive connection's next request's first byte)
   * to the end of the request's head: 408 and a close beyond. Default 10 s.
   */
  headersTimeoutMs: number;
  /** Time from the end of the head to the end of the body: 408 and a close beyond. Default 10 s. */
  bodyTimeoutMs: number;
  /** Time a kept-alive connection may wait for its next request's first byte. Default 5 s. */
  idleTimeoutMs: number;
  /** Time to write one answer; a client that does not read it is cut off. Default 30 s. */
  writeTimeoutMs: number;
  /** Open connections at most; more are answered 503 and closed. Default 512. */
  maxConnections: number;
  /** The largest request head, and with it the trailers, in bytes: 431 beyond. Default 16 KiB. */
  maxHeadBytes: number;
  /** The largest request body, in bytes: 413 beyond. Default 1 MiB. */
  maxBodyBytes: number;
  /**
   * The most bytes held for heads and bodies across all connections: 503 beyond. Default 64 MiB.
   */
  maxBufferedBytes: number;
}

/** How the listener holds what it receives (see the package's README before changing these). */
export interface Memory {
  /** A connection's first input buffer, and all an idle connection holds. Default 4 KiB. */
  initialBufferBytes: number;
  /**
   * The largest input buffer a connection keeps between requests: after a request larger than
   * the first buffer, it keeps one that would have held that request, up to this size, while
   * less than half of `maxBufferedBytes` is taken. Default 64 KiB.
   */
  keptBufferBytes: number;
  /**
   * The largest block a body is kept in. Blocks are freed as soon as the answer is sent; set
   * the process's `MALLOC_MMAP_THRESHOLD_` to at most this, so that their memory goes back to the
   * system then too. Default 64 KiB.
   */
  bodyBlockBytes: number;
}

/** What the listener reports about itself and its trouble. */
export interface Events {
  /** Called once the server listens. */
  onListen?(address: Deno.NetAddr): void;
  /** Called when accepting fails (for example, no file handles left) and is retried. */
  onAcceptError?(error: Error): void;
  /** Called with a failure the listener did not expect; the connection it hit is closed. */
  onError?(error: unknown): void;
}

/** The options of `serve`. */
export interface ServeOptions extends Events {
  /** The address to listen on. Default `127.0.0.1`. */
  hostname?: string;
  /** The port to listen on (0 picks a free one). Default 8000. */
  port?: number;
  /** The limits, each defaulting as its documentation says. */
  limits?: Partial<ListenerLimits>;
  /** How the listener holds what it receives, each setting defaulting as documented. */
  memory?: Partial<Memory>;
}

/** The default limits. */
export const DEFAULT_LIMITS: Readonly<ListenerLimits> = {
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 10_000,
  idleTimeoutMs: 5_000,
  writeTimeoutMs: 30_000,
  maxConnections: 512,
  maxHeadBytes: 16 * 1024,
  maxBodyBytes: 1024 * 1024,
  maxBufferedBytes: 64 * 1024 * 1024,
};

/** The default memory settings. */
export const DEFAULT_MEMORY: Readonly<Memory> = {
  initialBufferBytes: 4 * 1024,
  keptBufferBytes: 64 * 1024,
  bodyBlockBytes: 64 * 1024,
};

/** `options`' limits and memory settings with the defaults filled in; throws on a bad one. */
export function settingsOf(options: ServeOptions): { limits: ListenerLimits; memory: Memory } {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const memory = { ...DEFAULT_MEMORY, ...options.memory };
  for (const [name, value] of Object.entries({ ...limits, ...memory })) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`${name} must be a whole number, at least 1.`);
    }
  }
  if (memory.initialBufferBytes > memory.keptBufferBytes) {
    throw new RangeError("initialBufferBytes must be at most keptBufferBytes.");
  }
  return { limits, memory };
}
