/**
 * The MCP server over stdio: stdout carries only protocol messages, logs go to stderr. The
 * connection's first message decides its protocol era (2026-07-28 per-request metadata, or an
 * `initialize` handshake at 2025-11-25 and earlier).
 * @module
 */

import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { ViewDomains } from "../mod.ts";
import { writeLogLine } from "./log.ts";
import { createMcpServer } from "./mcp_server.ts";
import { onStopSignal } from "./stop_signal.ts";
import { LineTransport, MAX_LINE_BYTES } from "./stdio_transport.ts";

/**
 * Serves MCP on this process's stdin and stdout; the process ends when stdin closes, or on
 * SIGTERM or SIGINT once the requests read are answered (within `graceMs`). The view is declared
 * with `viewDomains`.
 */
export function serveOnStdio(graceMs: number, viewDomains: ViewDomains): void {
  const transport = new LineTransport(
    Deno.stdin.readable,
    Deno.stdout.writable,
    MAX_LINE_BYTES,
    graceMs,
  );
  serveStdio(() => createMcpServer({ cacheScope: "public", viewDomains }), {
    transport,
    onerror: (error) => writeLogLine("warn", `stdio: ${error.message}`),
  });
  onStopSignal(async (signal) => {
    const inFlight = transport.pending;
    await transport.finish();
    return { signal, inFlight, cutOff: transport.pending };
  });
  writeLogLine("info", "render_results MCP server on stdio");
}
