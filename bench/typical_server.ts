/**
 * The "typical" server the benchmark compares cold start against: `render_results` built the way
 * the v2 SDK's guide for web-standard runtimes shows, with `createMcpHandler`,
 * `McpServer.registerTool` and zod schemas, a new server for every request. It serves MCP
 * 2026-07-28 and, through the handler's stateless fallback, the 2025 handshake. Run as its own
 * process; prints its URL on stderr.
 * @module
 */

import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { VIEW_HTML } from "render-results-mcp";
import { z } from "zod";

const VIEW_URI = "ui://render-results/view.html";
const view = VIEW_HTML;

const result = z.object({
  title: z.string().min(1).max(300),
  url: z.url({ protocol: /^https?$/ }).max(2048),
  id: z.string().min(1).max(2048).optional(),
  text: z.string().max(2000).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
}).strict();

const inputSchema = z.object({
  results: z.array(result).max(50),
  title: z.string().min(1).max(120).optional(),
});

const outputSchema = z.object({
  title: z.string(),
  total: z.number().int(),
  results: z.array(result.extend({ id: z.string() })),
});

function createServer(): McpServer {
  const server = new McpServer({ name: "typical-render-results", version: "1.0.0" });
  server.registerResource("view", VIEW_URI, { mimeType: "text/html;profile=mcp-app" }, () => ({
    contents: [{ uri: VIEW_URI, mimeType: "text/html;profile=mcp-app", text: view }],
  }));
  server.registerTool("render_results", {
    title: "Render the results",
    description: "Present already retrieved source results as an interactive list.",
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: true },
    _meta: { ui: { resourceUri: VIEW_URI } },
  }, ({ results, title }) => {
    const output = {
      title: title ?? "Results",
      total: results.length,
      results: results.map((item) => ({ ...item, id: item.id ?? item.url })),
    };
    const lines = output.results.map((item, index) =>
      `${index + 1}. ${item.title}\n   ${item.url}` + (item.text ? `\n   ${item.text}` : "")
    );
    const text = results.length === 0
      ? `${output.title}\n\nNo results to display.`
      : `${output.title}\n\n${lines.join("\n\n")}`;
    return { content: [{ type: "text", text }], structuredContent: output };
  });
  return server;
}

const handler = createMcpHandler(createServer);

Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.error(`typical server on http://127.0.0.1:${port}/mcp`),
}, (request) => handler.fetch(request));
