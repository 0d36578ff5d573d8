/**
 * A search server on the v1 SDK's low-level `Server` (`@modelcontextprotocol/sdk`) with
 * `render_results` beside its own `search` tool, on Deno: the model calls `search`, then passes
 * the sources it chose to `render_results` to show them as cards.
 *
 * Run, in this repository after `deno task build`: `deno run --config deno.dev.json --allow-net
 * --allow-env examples/search_server_v1.ts` (Streamable HTTP with sessions), with `--stateless`
 * (a server per request), or with `--stdio` (add `--allow-read`).
 * @module
 */

// The v1 package maps `.js` subpaths to declarations Deno does not find; these name them.
// @ts-types="@modelcontextprotocol/sdk/server/index"
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
// @ts-types="@modelcontextprotocol/sdk/server/stdio"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
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

const SEARCH_TOOL = {
  name: "search",
  title: "Search the web",
  description: "Finds sources about a query. Show the ones the user wants with render_results.",
  inputSchema: {
    type: "object" as const,
    properties: { query: { type: "string", minLength: 1 } },
    required: ["query"],
  },
  annotations: { readOnlyHint: true },
};

function createServer(): Server {
  const server = new Server({ name: "example-search", version: "1.0.0" }, {
    capabilities: { tools: {} },
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [SEARCH_TOOL] }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    if (params.name !== "search") throw new Error(`Unknown tool: ${params.name}.`);
    const query = params.arguments?.query;
    if (typeof query !== "string" || query.length === 0) {
      return { content: [{ type: "text", text: "Give a query to search for." }], isError: true };
    }
    return {
      content: [{ type: "text", text: JSON.stringify(SOURCES) }],
      structuredContent: { results: SOURCES },
    };
  });
  registerRenderResults(server);
  return server;
}

async function handleStateless(request: Request): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const server = createServer();
  await server.connect(transport);
  const response = await transport.handleRequest(request);
  await server.close();
  return response;
}

if (Deno.args.includes("--stdio")) {
  await createServer().connect(new StdioServerTransport());
} else {
  const handle = Deno.args.includes("--stateless") ? handleStateless : sessionHandler(
    (options) => new WebStandardStreamableHTTPServerTransport(options),
    (transport) => createServer().connect(transport),
  );
  Deno.serve({
    hostname: "127.0.0.1",
    port: Number(Deno.env.get("PORT") ?? 8000),
    onListen: ({ port }) => console.error(`search server on http://127.0.0.1:${port}/mcp`),
  }, (request) => {
    // Only pages on this machine may call a server on loopback (DNS rebinding).
    const host = new URL(request.url).hostname;
    if (!["127.0.0.1", "localhost", "[::1]"].includes(host)) {
      return new Response(null, { status: 403 });
    }
    return handle(request);
  });
}
