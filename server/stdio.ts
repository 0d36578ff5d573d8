/**
 * The MCP server over stdio: stdout carries only protocol messages, logs go to stderr. The
 * connection's first message decides its protocol era (2026-07-28 per-request metadata, or an
 * `initialize` handshake at 2025-11-25 and earlier). The same on Deno (`deno task stdio`) and on
 * Node.js (the npm package's command): each runtime hands over its standard streams.
 * @module
 */

import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { readShutdownGraceMs, readViewDomains } from "./config.ts";
import { writeLogLine } from "./log.ts";
import { createMcpServer } from "./mcp_server.ts";
import { configure, type Runtime } from "./runtime.ts";
import { onStopSignal } from "./stop_signal.ts";
import { LineTransport, MAX_LINE_BYTES } from "./stdio_transport.ts";

/**
 * Serves MCP on `stdin` and `stdout`, this process's standard streams, with the view declared
 * with the domains set in the environment; the process ends when stdin closes, or on SIGTERM or
 * SIGINT once the requests read are answered (within `MCP_SHUTDOWN_GRACE_MS`).
 */
export function serveOnStdio(
  stdin: ReadableStream<Uint8Array>,
  stdout: WritableStream<Uint8Array>,
  runtime: Runtime = Deno,
): void {
  const graceMs = configure(readShutdownGraceMs, runtime);
  const viewDomains = configure(readViewDomains, runtime);
  const transport = new LineTransport(stdin, stdout, MAX_LINE_BYTES, graceMs);
  serveStdio(() => createMcpServer({ cacheScope: "public", viewDomains }), {
    transport,
    onerror: (error) => writeLogLine("warn", `stdio: ${error.message}`),
  });
  onStopSignal(async (signal) => {
    const inFlight = transport.pending;
    await transport.finish();
    return { signal, inFlight, cutOff: transport.pending };
  }, runtime);
  writeLogLine("info", "render_results MCP server on stdio");
}
