/**
 * The listener's contract: its limits, its handler (shaped as `Deno.serve`'s, given the request
 * as received rather than as a `Request`) and the running server.
 * @module
 */

import type { ReceivedRequest } from "./received_request.ts";

/** The limits of the server; every request is bounded by them. */
export interface Http1Limits {
  /** Time from a connection's opening (or a request's first byte) to the end of its head. */
  headersTimeoutMs: number;
  /** Time from the end of the head to the end of the body. */
  bodyTimeoutMs: number;
  /** Time a kept-alive connection may wait for its next request's first byte. */
  idleTimeoutMs: number;
  /** Time to write one answer; a client that does not read it is cut off. */
  writeTimeoutMs: number;
  /** Open connections at most; more are answered 503 and closed. */
  maxConnections: number;
  /** The largest request head, and with it the trailers, in bytes (431 beyond). */
  maxHeadBytes: number;
  /** The largest request body, in bytes (413 beyond). */
  maxBodyBytes: number;
  /** The most bytes held for heads and bodies across all connections (503 beyond). */
  maxBufferedBytes: number;
}

/**
 * Answers one request, as a `Deno.serve` handler does: the content is inside the request, read
 * whole by the listener within its limits.
 */
export type Http1Handler = (
  request: ReceivedRequest,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

/** What the server tells about itself and its trouble. */
export interface Http1Events {
  /** Called once the server listens. */
  onListen?(address: Deno.NetAddr): void;
  /** Called when accepting fails (for example, no file handles left) and is retried. */
  onAcceptError?(error: Error): void;
  /** Called with a failure the listener did not expect; the connection it hit is closed. */
  onError?(error: unknown): void;
}

/** What a graceful stop left behind. */
export interface StopReport {
  /** Connections that were answering a request when the stop began. */
  busy: number;
  /** Of those, the ones still busy when the grace period ended, and closed. */
  cutOff: number;
}

/** A running server. */
export interface Http1Server {
  /** The address the server listens on. */
  readonly addr: Deno.NetAddr;
  /** The number of open connections. */
  readonly connections: number;
  /**
   * Stops accepting, closes idle connections at once, lets the requests in progress finish
   * within `graceMs` (0 unless given) and closes what is left; resolves once all are closed.
   */
  shutdown(graceMs?: number): Promise<StopReport>;
}
