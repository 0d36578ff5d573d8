/**
 * The MCP server over stdio: stdout carries only protocol messages, logs go to stderr.
 * @module
 */

import { createMcpServer, type McpApp } from "./mcp_server.ts";
import { StdioServerTransport } from "./sdk.ts";

/** Serves `app` on this process's stdin and stdout until stdin closes. */
export async function serveStdio(app: McpApp): Promise<void> {
  const server = createMcpServer(app);
  const closed = new Promise<void>((resolve) => server.onclose = resolve);
  await server.connect(new StdioServerTransport());
  console.error("render_results MCP server on stdio");
  await closed;
}
