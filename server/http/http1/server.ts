/**
 * An HTTP/1.1 server on `Deno.listen` that no client can hold or bloat: every connection has
 * deadlines for the head, the body, writing the answer and idling between requests;
 * connections beyond a limit are answered 503 and closed; the bytes held for requests across
 * all connections are bounded; running out of file handles only pauses accepting; and a stop
 * lets the requests in progress finish. `Deno.serve` has none of these limits, and its accept
 * loop ends the process when the file handles run out.
 *
 * It speaks the HTTP/1.1 an MCP endpoint needs, strictly (RFC 9112): origin-form and
 * absolute-form targets, `Content-Length` and chunked bodies, `Expect: 100-continue`,
 * keep-alive and pipelining (one request at a time), HTTP/1.0 clients, and answers that are
 * whole (with `Content-Length`) or server-sent event streams (chunked).
 * @module
 */

import { afterDelay, Deadlines } from "../../timers.ts";
import { ByteBudget } from "./byte_budget.ts";
import { Connection } from "./connection.ts";
import { OutputBuffers } from "./response_writer.ts";
import { refusal } from "./status_text.ts";
import type { Http1Events, Http1Handler, Http1Limits, Http1Server, StopReport } from "./types.ts";

/** How late a connection's deadline may pass. */
const DEADLINE_RESOLUTION_MS = 50;
/** How long accepting pauses after it failed, for example for want of file handles. */
const ACCEPT_RETRY_MS = 100;
/**
 * Connections over the limit that are told 503 at once; beyond these, they are closed without
 * a word, so that refusing never holds more than a few file handles either.
 */
const REFUSAL_SLOTS = 16;
/** File handles freed when accepting finds none left: the runtime needs some for itself. */
const HANDLE_MARGIN = 32;
/** How long a client gets to read a refusal. */
const REFUSAL_WRITE_MS = 1_000;
const TOO_MANY = refusal(
  503,
  "Service unavailable: too many connections; retry shortly.",
  "retry-after: 1\r\n",
);

/**
 * Listens on `hostname:port` and answers every request with `handler`. The request it is given
 * has the listening address as its origin; the client's `Host` (or an absolute-form target's
 * authority) is its `Host` header.
 */
export function serveHttp1(
  options: { hostname: string; port: number; limits: Http1Limits } & Http1Events,
  handler: Http1Handler,
): Http1Server {
  const listener = Deno.listen({ hostname: options.hostname, port: options.port });
  const addr = listener.addr;
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  const context = {
    limits: options.limits,
    deadlines: new Deadlines(DEADLINE_RESOLUTION_MS),
    budget: new ByteBudget(options.limits.maxBufferedBytes),
    buffers: new OutputBuffers(),
    handler,
    origin: `http://${host}:${addr.port}`,
    onError: options.onError,
  };
  const open = new Map<Connection, Promise<void>>();
  let refusing = 0;
  let stopping = false;
  // The connections the process has file handles for: the limit, until accepting finds none.
  let capacity = options.limits.maxConnections;

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
        if (refusing >= REFUSAL_SLOTS) closeQuietly(conn);
        else {
          refusing++;
          refuse(conn).finally(() => refusing--);
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

/** Answers a connection over the limit with 503 and closes it. */
async function refuse(conn: Deno.TcpConn): Promise<void> {
  // A client that does not read its answer is cut off all the same.
  afterDelay(REFUSAL_WRITE_MS, () => closeQuietly(conn));
  try {
    await conn.write(TOO_MANY);
  } catch {
    // The client is gone.
  } finally {
    closeQuietly(conn);
  }
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}
