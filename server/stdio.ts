/**
 * The MCP server over stdio: stdout carries only protocol messages, logs go to stderr. The
 * connection's first message decides its protocol era (2026-07-28 per-request metadata, or an
 * `initialize` handshake at 2025-11-25 and earlier).
 * @module
 */

import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { writeLogLine } from "./log.ts";
import { createMcpServer } from "./mcp_server.ts";
import { LineTransport } from "./stdio_transport.ts";

/** Serves MCP on this process's stdin and stdout; the process ends when stdin closes. */
export function serveOnStdio(): void {
  serveStdio(() => createMcpServer({ cacheScope: "public" }), {
    transport: new LineTransport(Deno.stdin.readable, Deno.stdout.writable),
    onerror: (error) => writeLogLine("warn", `stdio: ${error.message}`),
  });
  writeLogLine("info", "render_results MCP server on stdio");
}
