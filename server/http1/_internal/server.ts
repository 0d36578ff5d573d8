/**
 * The server: accepts connections on `Deno.listen` and serves each ({@link Connection}), with
 * connections beyond the limit answered 503 and closed, accepting paused (not ended) when the
 * file handles run out, and a stop that lets the requests in progress finish.
 * @module
 */

import { afterDelay, Deadlines } from "../deadlines.ts";
import { ByteBudget } from "./byte_budget.ts";
import { Connection } from "./connection.ts";
import { ConnectionOutput } from "./connection_output.ts";
import { type ServeOptions, settingsOf } from "./options.ts";
import { OutputBuffers } from "./response_writer.ts";

/** How long accepting pauses after it failed, for example for want of file handles. */
const ACCEPT_RETRY_MS = 100;
/**
 * Connections over the limit that are told 503 at once; beyond these, they are closed without
 * a word, so that refusing never holds more than a few file handles either.
 */
const REFUSAL_SLOTS = 16;
/** File handles freed when accepting finds none left: the runtime needs some for itself. */
const HANDLE_MARGIN = 32;

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

/** Listens as `options` say and answers every request with `handler`; see the package's notes. */
export function serve(
  options: ServeOptions,
  handler: Deno.ServeHandler<Deno.NetAddr>,
): Http1Server {
  const { limits, memory } = settingsOf(options);
  const listener = Deno.listen({
    hostname: options.hostname ?? "127.0.0.1",
    port: options.port ?? 8000,
  });
  const addr = listener.addr;
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  const context = {
    limits,
    memory,
    deadlines: new Deadlines(),
    budget: new ByteBudget(limits.maxBufferedBytes),
    buffers: new OutputBuffers(),
    handler,
    origin: `http://${host}:${addr.port}`,
    onError: options.onError,
  };
  const open = new Map<Connection, Promise<void>>();
  let refusing = 0;
  let stopping = false;
  // The connections the process has file handles for: the limit, until accepting finds none.
  let capacity = limits.maxConnections;

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
          const idleFirst = [...open.keys()].sort((a, b) => Number(a.busy) - Number(b.busy));
          for (const connection of idleFirst.slice(0, open.size - capacity)) connection.close();
        }
        options.onAcceptError?.(error as Error);
        await new Promise<void>((resolve) => afterDelay(ACCEPT_RETRY_MS, resolve));
        continue;
      }
      if (open.size >= capacity) {
        const output = new ConnectionOutput(conn, context.deadlines, limits.writeTimeoutMs);
        if (refusing >= REFUSAL_SLOTS) output.close();
        else {
          refusing++;
          output.refuse(
            503,
            "Service unavailable: too many connections; retry shortly.",
            "retry-after: 1\r\n",
          ).finally(() => refusing--);
        }
        continue;
      }
      // Answers go out whole, in one write: Nagle's algorithm would only hold them back.
      conn.setNoDelay(true);
      const connection = new Connection(conn, context);
      open.set(connection, connection.serve().finally(() => open.delete(connection)));
    }
  })();
  options.onListen?.(addr);

  return {
    addr,
    get connections() {
      return open.size;
    },
    async shutdown(graceMs = 0): Promise<StopReport> {
      stopping = true;
      listener.close();
      await accepting;
      const connections = [...open.keys()];
      const busy = connections.filter((connection) => connection.busy).length;
      for (const connection of connections) connection.stop();
      const finished = Promise.all(open.values()).then(() => true);
      const graceOver = new Promise<false>((resolve) => afterDelay(graceMs, () => resolve(false)));
      let cutOff = 0;
      if (!await Promise.race([finished, graceOver])) {
        cutOff = open.size;
        for (const connection of open.keys()) connection.close();
        await finished;
      }
      return { busy, cutOff };
    },
  };
}
