/**
 * The render_results MCP server.
 *
 * - `deno serve main.ts` (and Deno Deploy): the default export's `fetch` answers HTTP.
 * - `deno run main.ts --http`: listens on `MCP_HOSTNAME:PORT` itself, with limits on every
 *   connection (`deno task start` runs it bundled).
 * - `deno run main.ts --stdio`: MCP over stdio (`deno task stdio`).
 * @module
 */

import { readConfig } from "./server/config.ts";
import { createFetchHandler, type FetchHandler, MCP_PATH } from "./server/http/fetch_handler.ts";
import { listen } from "./server/http/listen.ts";
import { Logger, writeLogsToStderr } from "./server/log.ts";
import { configure, orExit } from "./server/runtime.ts";
import { holdServeStop } from "./server/serve_stop.ts";
import { onStopSignal } from "./server/stop_signal.ts";

const mode = Deno.args.includes("--stdio")
  ? "stdio"
  : Deno.args.includes("--http")
  ? "http"
  : "serve";

// Listening itself or speaking stdio, this process owns its stderr; under `deno serve` (and on
// Deno Deploy, which reads only `console`) logs stay on `console`.
if (mode !== "serve") writeLogsToStderr();

let fetch: FetchHandler | undefined;
if (mode === "stdio") {
  // Loaded only here: stdio brings in Node's streams, which an HTTP server need not load.
  (await import("./server/stdio.ts")).serveOnStdio(Deno.stdin.readable, Deno.stdout.writable);
} else {
  const config = configure(readConfig);
  const logger = new Logger(config.logLevel);
  const handler = fetch = await createFetchHandler(config, logger);
  if (mode === "http") {
    const dev = Deno.args.includes("--dev");
    const server = orExit(() =>
      listen(handler, config, logger, ({ hostname, port }) => {
        const host = hostname.includes(":") ? `[${hostname}]` : hostname;
        const url = `http://${host}:${port}${MCP_PATH}`;
        logger.listening(url);
        if (dev) {
          logger.info(
            "Inspect it: npx -y -p node@22 -p @modelcontextprotocol/inspector@2.12.0 -- " +
              `mcp-inspector --transport http --server-url ${url}`,
          );
        }
      })
    );
    // Under `deno task dev` the file watcher runs the server: a graceful stop would end only
    // this run and leave the watcher waiting for a change, so there a signal ends the process.
    if (!dev) {
      onStopSignal(async (signal) => {
        const { busy, cutOff } = await server.shutdown(config.limits.shutdownGraceMs);
        return { signal, inFlight: busy, cutOff };
      });
    }
  } else {
    const track = holdServeStop(config.limits.shutdownGraceMs);
    fetch = (request) => track(() => handler(request));
  }
}

// `deno serve` looks for a default export with `fetch`; when this process listens itself (or
// speaks stdio) there is none, so `deno run` does not suggest `deno serve`.
export default mode === "serve" ? { fetch: (request: Request) => fetch!(request) } : {};
