/**
 * The server's real fetch handler on `Deno.serve` (127.0.0.1, ephemeral port), with SDK clients
 * connected to it, for tests in this process.
 * @module
 */

import { type Config, readConfig } from "../../server/config.ts";
import { createFetchHandler } from "../../server/http/fetch_handler.ts";
import { loadCatalog } from "../../server/mcp_server.ts";
import {
  type Client,
  createClient,
  type Era,
  StreamableHTTPClientTransport,
} from "./sdk_client.ts";

/** A running in-process HTTP server. */
export interface TestServer extends AsyncDisposable {
  /** The MCP endpoint. */
  url: URL;
  /** Connects a new SDK client speaking `era` (2026-07-28 unless given) to the endpoint. */
  connect(era?: Era): Promise<Client>;
}

/**
 * Starts the server with the configuration `env` describes (as the environment would); request
 * logs are off unless `env` sets `LOG_LEVEL`.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const config: Config = readConfig(new Map(Object.entries({ LOG_LEVEL: "off", ...env })));
  const handler = await createFetchHandler(await loadCatalog(), config);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => handler(request),
  );
  const url = new URL(`http://127.0.0.1:${server.addr.port}/mcp`);
  const clients: Client[] = [];
  return {
    url,
    async connect(era = "modern") {
      const client = createClient(era);
      await client.connect(new StreamableHTTPClientTransport(url));
      clients.push(client);
      return client;
    },
    async [Symbol.asyncDispose]() {
      await Promise.all(clients.map((client) => client.close()));
      await server.shutdown();
    },
  };
}
