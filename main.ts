/**
 * The render_results MCP server.
 *
 * - `deno serve main.ts` (and Deno Deploy): the default export's `fetch` answers HTTP.
 * - `deno run main.ts --http`: listens on `MCP_HOSTNAME:PORT` itself, with limits on every
 *   connection (`deno task start`).
 * - `deno run main.ts --stdio`: MCP over stdio (`deno task stdio`).
 * @module
 */

import { type Config, readConfig } from "./server/config.ts";
import { createFetchHandler, type FetchHandler, MCP_PATH } from "./server/http/fetch_handler.ts";
import { listen } from "./server/http/listen.ts";
import { Logger } from "./server/http/log.ts";
import { type Catalog, loadCatalog } from "./server/mcp_server.ts";
import { serveCatalogOnStdio } from "./server/stdio.ts";

const mode = Deno.args.includes("--stdio")
  ? "stdio"
  : Deno.args.includes("--http")
  ? "http"
  : "serve";

/** Prepares the server; a missing view or a bad setting ends the process with its message. */
async function start(): Promise<{ catalog: Catalog; config?: Config }> {
  try {
    const catalog = await loadCatalog();
    return {
      catalog,
      config: mode === "stdio" ? undefined : readConfig(),
    };
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    Deno.exit(1);
  }
}

function onListen({ hostname, port }: Deno.NetAddr): void {
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  const url = `http://${host}:${port}${MCP_PATH}`;
  console.error(`render_results MCP server on ${url}`);
  if (Deno.args.includes("--dev")) {
    console.error(
      "Inspect it: npx -y -p node@22 -p @modelcontextprotocol/inspector@2.12.0 -- " +
        `mcp-inspector --transport http --server-url ${url}`,
    );
  }
}

const { catalog, config } = await start();
let fetch: FetchHandler | undefined;
if (config === undefined) {
  serveCatalogOnStdio(catalog);
} else {
  fetch = await createFetchHandler(catalog, config);
  if (mode === "http") listen(fetch, config, new Logger(config.logLevel), onListen);
}

// `deno serve` looks for a default export with `fetch`; when this process listens itself (or
// speaks stdio) there is none, so `deno run` does not suggest `deno serve`.
export default mode === "serve" ? { fetch: (request: Request) => fetch!(request) } : {};
