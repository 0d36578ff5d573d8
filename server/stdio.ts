/**
 * The MCP server over stdio: stdout carries only protocol messages, logs go to stderr.
 * @module
 */

import { createMcpServer, type McpApp } from "./mcp_server.ts";
import { StdioServerTransport } from "./sdk.ts";

/** Serves `app` on this process's stdin and stdout; the process ends when stdin closes. */
export async function serveStdio(app: McpApp): Promise<void> {
  await createMcpServer(app).connect(new StdioServerTransport());
  console.error("render_results MCP server on stdio");
}
