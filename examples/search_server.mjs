// A search server on the v2 SDK with `render_results` beside its own `search` tool, on Node.js
// 20 or later: the model calls `search`, then passes the sources it chose to `render_results` to
// show them as cards.
//
// Install: npm install render-results-mcp @modelcontextprotocol/server @modelcontextprotocol/node
// Run: node search_server.mjs (stateless Streamable HTTP, both protocol eras), with --sessions
// (Streamable HTTP with session ids, the 2025 era), or with --stdio.

import { createServer } from "node:http";
import {
  localhostHostValidation,
  localhostOriginValidation,
  NodeStreamableHTTPServerTransport,
  toNodeHandler,
} from "@modelcontextprotocol/node";
import { createMcpHandler, fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { registerRenderResults } from "render-results-mcp";
import { sessionHandler } from "./sessions.mjs";

/** What the search tool finds; a real server would query its index here. */
const SOURCES = [
  {
    title: "Streamable HTTP transport",
    url: "https://docs.example.org/mcp/transports#streamable-http",
    text: "A server answers each POST on one endpoint.",
  },
  {
    title: "Running several workers behind one port",
    url: "https://www.example.com/blog/parallel-workers",
  },
];

function createMcpServer() {
  const server = new McpServer({ name: "example-search", version: "1.0.0" });
  server.registerTool("search", {
    title: "Search the web",
    description: "Finds sources about a query. Show the ones the user wants with render_results.",
    inputSchema: fromJsonSchema({
      type: "object",
      properties: { query: { type: "string", minLength: 1 } },
      required: ["query"],
    }),
    annotations: { readOnlyHint: true },
  }, () => ({
    content: [{ type: "text", text: JSON.stringify(SOURCES) }],
    structuredContent: { results: SOURCES },
  }));
  registerRenderResults(server);
  return server;
}

if (process.argv.includes("--stdio")) {
  serveStdio(createMcpServer);
} else {
  const handle = process.argv.includes("--sessions")
    ? sessionHandler((options) => new NodeStreamableHTTPServerTransport(options), createMcpServer)
    : toNodeHandler(createMcpHandler(createMcpServer));
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const httpServer = createServer((request, response) => {
    if (!validateHost(request, response) || !validateOrigin(request, response)) return;
    handle(request, response).catch(() => response.headersSent || response.writeHead(500).end());
  });
  httpServer.listen(Number(process.env.PORT ?? 8000), "127.0.0.1", () => {
    console.error(`search server on http://127.0.0.1:${httpServer.address().port}/mcp`);
  });
}
