/**
 * The render_results MCP server.
 *
 * - `deno serve main.ts` (and Deno Deploy): the default export's `fetch` answers HTTP.
 * - `deno run main.ts --http`: listens on `HOSTNAME:PORT` itself (`deno task start`).
 * - `deno run main.ts --stdio`: MCP over stdio (`deno task stdio`).
 * @module
 */

import { readConfig } from "./server/config.ts";
import { createFetchHandler, MCP_PATH } from "./server/http/handler.ts";
import { loadMcpApp } from "./server/mcp_server.ts";
import { serveStdio } from "./server/stdio.ts";

const mode = Deno.args.includes("--stdio")
  ? "stdio"
  : Deno.args.includes("--http")
  ? "http"
  : "serve";
const app = await loadMcpApp();

let fetch: ((request: Request) => Promise<Response>) | undefined;
if (mode === "stdio") {
  await serveStdio(app);
} else {
  const config = readConfig(Deno.env, mode === "http");
  fetch = await createFetchHandler(app, config);
  if (mode === "http") {
    const handler = fetch;
    Deno.serve({
      port: config.port,
      hostname: config.hostname,
      onListen: ({ hostname, port }) => {
        const host = hostname.includes(":") ? `[${hostname}]` : hostname;
        console.error(`render_results MCP server on http://${host}:${port}${MCP_PATH}`);
        if (Deno.args.includes("--dev")) {
          console.error(
            `Inspect it: npx -y @modelcontextprotocol/inspector --transport http --server-url http://${host}:${port}${MCP_PATH}`,
          );
        }
      },
    }, (request) => handler(request));
  }
}

// `deno serve` looks for a default export with `fetch`; when this process listens itself (or
// speaks stdio) there is none, so `deno run` does not suggest `deno serve`.
export default mode === "serve" ? { fetch } : {};
