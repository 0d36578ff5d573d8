// A search server on the v1 SDK (`@modelcontextprotocol/sdk`, 1.20 or later) with
// render_results beside its own `search` tool, on Node.js 20 or later: the model calls `search`,
// then passes the sources it chose to `render_results` to show them as cards.
//
// Install: npm install render-results-mcp @modelcontextprotocol/sdk zod@3
// Run: node search_server_v1.mjs (Streamable HTTP with sessions), with --stateless (a server
// per request), or with --stdio.

import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { registerRenderResults } from "render-results-mcp";
import { z } from "zod";
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
    inputSchema: { query: z.string().min(1) },
    annotations: { readOnlyHint: true },
  }, () => ({
    content: [{ type: "text", text: JSON.stringify(SOURCES) }],
    structuredContent: { results: SOURCES },
  }));
  registerRenderResults(server);
  return server;
}

async function handleStateless(request, response) {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const server = createMcpServer();
  response.on("close", () => server.close());
  await server.connect(transport);
  await transport.handleRequest(request, response);
}

/** Only pages on this machine may call a server on loopback (DNS rebinding). */
function isLocalHost(host) {
  try {
    return ["127.0.0.1", "localhost", "[::1]"].includes(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

if (process.argv.includes("--stdio")) {
  await createMcpServer().connect(new StdioServerTransport());
} else {
  const handle = process.argv.includes("--stateless")
    ? handleStateless
    : sessionHandler((options) => new StreamableHTTPServerTransport(options), createMcpServer);
  const httpServer = createServer((request, response) => {
    if (!isLocalHost(request.headers.host)) {
      response.writeHead(403).end();
      return;
    }
    handle(request, response).catch(() => response.headersSent || response.writeHead(500).end());
  });
  httpServer.listen(Number(process.env.PORT ?? 8000), "127.0.0.1", () => {
    console.error(`search server on http://127.0.0.1:${httpServer.address().port}/mcp`);
  });
}
