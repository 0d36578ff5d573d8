/**
 * The server's real fetch handler on `Deno.serve` (127.0.0.1, ephemeral port), with an SDK
 * client connected to it, for tests in this process.
 * @module
 */

import { type Config, readConfig } from "../../server/config.ts";
import { createFetchHandler } from "../../server/http/handler.ts";
import { loadMcpApp } from "../../server/mcp_server.ts";
import { Client, StreamableHTTPClientTransport } from "./sdk_client.ts";

/** A running in-process HTTP server. */
export interface TestServer extends AsyncDisposable {
  /** The MCP endpoint. */
  url: URL;
  /** Connects a new SDK client to the endpoint. */
  connect(): Promise<Client>;
}

/**
 * Starts the server with the configuration `env` describes (as the environment would); request
 * logs are off unless `env` sets `LOG_LEVEL`.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const config: Config = readConfig(new Map(Object.entries({ LOG_LEVEL: "off", ...env })));
  const handler = await createFetchHandler(await loadMcpApp(), config);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  const url = new URL(`http://127.0.0.1:${server.addr.port}/mcp`);
  const clients: Client[] = [];
  return {
    url,
    async connect() {
      const client = new Client({ name: "render-results-tests", version: "1.0.0" });
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
