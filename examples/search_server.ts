/**
 * A search server on the v2 SDK with `render_results` beside its own `search` tool, on Deno: the
 * model calls `search`, then passes the sources it chose to `render_results` to show them as
 * cards.
 *
 * Run, in this repository after `deno task build` (`deno.dev.json` maps `render-results-mcp` to
 * `mod.ts`): `deno run --config deno.dev.json --allow-net --allow-env examples/search_server.ts`
 * (stateless Streamable HTTP, both protocol eras), with `--sessions` (Streamable HTTP with
 * session ids, the 2025 era), or with `--stdio`.
 * @module
 */

import {
  createMcpHandler,
  fromJsonSchema,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  McpServer,
  originValidationResponse,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { registerRenderResults } from "render-results-mcp";
import { sessionHandler } from "./sessions.ts";

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

function createServer(): McpServer {
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

if (Deno.args.includes("--stdio")) {
  serveStdio(createServer);
} else {
  const handler = createMcpHandler(createServer);
  const handle = Deno.args.includes("--sessions")
    ? sessionHandler(
      (options) => new WebStandardStreamableHTTPServerTransport(options),
      (transport) => createServer().connect(transport),
    )
    : (request: Request) => handler.fetch(request);
  Deno.serve({
    hostname: "127.0.0.1",
    port: Number(Deno.env.get("PORT") ?? 8000),
    onListen: ({ port }) => console.error(`search server on http://127.0.0.1:${port}/mcp`),
  }, (request) =>
    hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
      originValidationResponse(request, localhostAllowedOrigins()) ??
      handle(request));
}
