/**
 * The server's own listener (`deno task start`): the HTTP/1.1 server of `@render-results/http1`
 * with the configured limits in front of the fetch handler.
 * @module
 */

import { type Http1Server, serve } from "@render-results/http1";
import type { Config } from "../config.ts";
import type { FetchHandler } from "./fetch_handler.ts";
import { MAX_BODY_BYTES } from "./body.ts";
import type { Logger } from "../log.ts";

/** Least time between two log lines about failing to accept. */
const ACCEPT_ERROR_LOG_MS = 10_000;

/** Listens on `MCP_HOSTNAME:PORT` and answers with `handler`. */
export function listen(
  handler: FetchHandler,
  config: Config,
  logger: Logger,
  onListen: (address: Deno.NetAddr) => void,
): Http1Server {
  const { limits } = config;
  let lastAcceptError = -Infinity;
  return serve({
    hostname: config.hostname,
    port: config.port,
    limits: {
      headersTimeoutMs: limits.headersTimeoutMs,
      bodyTimeoutMs: limits.bodyTimeoutMs,
      idleTimeoutMs: limits.idleTimeoutMs,
      // A client that does not read its answer holds the request no longer than it may last.
      writeTimeoutMs: limits.requestTimeoutMs,
      maxConnections: limits.maxConnections,
      maxBodyBytes: MAX_BODY_BYTES,
      maxBufferedBytes: limits.maxBufferedBytes,
    },
    onListen,
    onError: (error) => logger.error("The listener failed unexpectedly.", error),
    onAcceptError(error) {
      const now = performance.now();
      if (now - lastAcceptError < ACCEPT_ERROR_LOG_MS) return;
      lastAcceptError = now;
      logger.warn(`Accepting connections failed and is retried: ${error.message}`);
    },
  }, handler);
}
