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

/**
 * Why listening on `hostname:port` failed with `error`, as one line that names the setting to
 * change: the runtime's own messages name neither the variable nor a remedy.
 */
export function listenFailure(error: unknown, hostname: string, port: number): string {
  const anyAddress = "such as 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)";
  if (error instanceof Deno.errors.AddrInUse) {
    return `PORT ${port} is already in use on ${hostname}: stop the program that holds it, ` +
      "or set PORT to another port (PORT=0 picks a free one).";
  }
  if (error instanceof Deno.errors.AddrNotAvailable) {
    return `MCP_HOSTNAME ${hostname} is not an address of this machine: set it to one, ${anyAddress}.`;
  }
  if (error instanceof Deno.errors.PermissionDenied) {
    return `PORT ${port} needs privileges this process does not have: set PORT to 1024 or above.`;
  }
  if (error instanceof Deno.errors.NotCapable) {
    return `The server has no permission to listen on ${hostname}:${port}: run it with ` +
      "--allow-net, as deno task start does.";
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/lookup/i.test(message)) {
    return `MCP_HOSTNAME ${hostname} does not resolve to an address: set it to an address of ` +
      `this machine, ${anyAddress}.`;
  }
  return `The server could not listen on MCP_HOSTNAME ${hostname}, PORT ${port}: ${message}`;
}

/**
 * Listens on `MCP_HOSTNAME:PORT` and answers with `handler`; throws an error saying which
 * setting to change when it cannot listen.
 */
export function listen(
  handler: FetchHandler,
  config: Config,
  logger: Logger,
  onListen: (address: Deno.NetAddr) => void,
): Http1Server {
  const { limits } = config;
  let lastAcceptError = -Infinity;
  try {
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
  } catch (error) {
    throw new Error(listenFailure(error, config.hostname, config.port));
  }
}
