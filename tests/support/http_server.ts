/**
 * The server's real fetch handler, in this process: requests go to it as `Request` objects,
 * with no socket in between, from raw `fetch`-like calls and from the SDK's real client. For the
 * few clients that run as their own process, `listen` serves it on 127.0.0.1 too.
 * @module
 */

import { type Config, readConfig } from "../../server/config.ts";
import { createFetchHandler, type FetchHandler } from "../../server/http/fetch_handler.ts";
import {
  type Client,
  createClient,
  type Era,
  StreamableHTTPClientTransport,
} from "./sdk_client.ts";

/** The `fetch` a client would call, answered by the handler in this process. */
export type InProcessFetch = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/** The server under test, in this process. */
export interface TestServer extends AsyncDisposable {
  /** The MCP endpoint's URL, as clients address it. */
  url: URL;
  /**
   * Sends a request to the handler. Like an HTTP client, it sends a `Host` header for the URL
   * unless `init` names one.
   */
  fetch: InProcessFetch;
  /** Connects a new SDK client speaking `era` (2026-07-28 unless given) to the handler. */
  connect(era?: Era, headers?: Record<string, string>): Promise<Client>;
  /** Serves the handler on 127.0.0.1 and returns the endpoint's URL, for other processes. */
  listen(): URL;
}

/**
 * Creates the server with the configuration `env` describes (as the environment would); request
 * logs are off unless `env` sets `LOG_LEVEL`. `leanResponder: false` leaves every MCP request to the
 * SDK's responder.
 */
export async function createTestServer(
  env: Record<string, string> = {},
  { leanResponder = true }: { leanResponder?: boolean } = {},
): Promise<TestServer> {
  const config: Config = readConfig(new Map(Object.entries({ LOG_LEVEL: "off", ...env })));
  const handler = await createFetchHandler(config, undefined, { leanResponder });
  const url = new URL("http://127.0.0.1:8000/mcp");
  const fetch = inProcess(handler);
  const clients: Client[] = [];
  const listeners: Deno.HttpServer[] = [];
  return {
    url,
    fetch,
    async connect(era = "modern", headers = {}) {
      const client = createClient(era);
      await client.connect(
        new StreamableHTTPClientTransport(url, { fetch, requestInit: { headers } }),
      );
      clients.push(client);
      return client;
    },
    listen() {
      const listener = Deno.serve(
        { hostname: "127.0.0.1", port: 0, onListen() {} },
        (request) => handler(request),
      );
      listeners.push(listener);
      return new URL(`http://127.0.0.1:${listener.addr.port}/mcp`);
    },
    async [Symbol.asyncDispose]() {
      await Promise.all(clients.map((client) => client.close()));
      await Promise.all(listeners.map((listener) => listener.shutdown()));
    },
  };
}

/** A `fetch` that hands each request to `handler`, with the `Host` header an HTTP client sends. */
function inProcess(handler: FetchHandler): InProcessFetch {
  return (input, init) => {
    const request = new Request(input, init);
    if (!request.headers.has("host")) {
      const headers = new Headers(request.headers);
      headers.set("host", new URL(request.url).host);
      return handler(new Request(request, { headers }));
    }
    return handler(request);
  };
}
