/**
 * Adds `render_results` and its view to an MCP server of the v2 SDK, beside whatever tools and
 * resources the server has.
 *
 * The SDK keeps one handler per method, and offers no way to add a tool to a low-level server's
 * list, nor to answer invalid arguments of an `McpServer` tool with a JSON-RPC error (it turns
 * every tool error into an `isError` result). So the handlers of `tools/list`, `tools/call`,
 * `resources/list`, `resources/read` and `resources/templates/list` are wrapped: `render_results`
 * and its view are answered here, everything else by the handler that was there before.
 * @module
 */

import {
  type CallToolResult,
  type HandlerResultTypeMap,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type RequestTypeMap,
  ResourceNotFoundError,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { callRenderResults } from "./call.ts";
import { RENDER_RESULTS, RENDER_RESULTS_TOOL } from "./descriptor.ts";
import { VIEW_CONTENTS, VIEW_RESOURCE, VIEW_URI } from "./view.ts";

/** The MCP Apps extension, declared in the capabilities as MCP 2026-07-28 describes. */
const MCP_APPS_EXTENSION = "io.modelcontextprotocol/ui";

/** The methods whose handlers are wrapped. */
type WrappedMethod =
  | "tools/list"
  | "tools/call"
  | "resources/list"
  | "resources/read"
  | "resources/templates/list";

/** A request handler of the SDK for `M`. */
type Handler<M extends WrappedMethod> = (
  request: RequestTypeMap[M],
  ctx: ServerContext,
) => Promise<HandlerResultTypeMap[M]>;

/**
 * How {@linkcode registerRenderResults} reports what goes wrong.
 *
 * @example
 * ```ts
 * import { McpServer } from "@modelcontextprotocol/server";
 * import { registerRenderResults } from "render-results-mcp";
 *
 * const server = new McpServer({ name: "search", version: "1.0.0" });
 * registerRenderResults(server, { onError: (error) => console.error("render_results:", error) });
 * ```
 */
export interface RegisterOptions {
  /**
   * Hears of an unexpected failure of the tool, which is answered as an `isError` result with a
   * generic text; `console.error` unless given.
   */
  onError?: (error: unknown) => void;
}

/**
 * Serves `render_results` and its view on `server`, an `McpServer` or a low-level `Server`,
 * exactly as the standalone render_results server does: the same descriptor, results and errors
 * (invalid arguments and an unknown resource are JSON-RPC -32602). The server's own tools and
 * resources are listed and answered as before, whether they are registered before or after
 * this call. Call it before the server connects.
 *
 * @example Beside a search tool, on a server made per request
 * ```ts
 * import { createMcpHandler, fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
 * import { registerRenderResults } from "render-results-mcp";
 *
 * function createServer(): McpServer {
 *   const server = new McpServer({ name: "search", version: "1.0.0" });
 *   server.registerTool("search", {
 *     description: "Searches the web.",
 *     inputSchema: fromJsonSchema({ type: "object", properties: { query: { type: "string" } } }),
 *   }, () => ({ content: [{ type: "text", text: "…" }] }));
 *   registerRenderResults(server);
 *   return server;
 * }
 *
 * const handler = createMcpHandler(createServer);
 * Deno.serve((request) => handler.fetch(request));
 * ```
 */
export function registerRenderResults(
  server: McpServer | Server,
  options: RegisterOptions = {},
): void {
  const onError = options.onError ?? ((error) => console.error("render_results failed:", error));
  const protocol = server instanceof McpServer ? server.server : server;
  if (server instanceof McpServer) installOwnHandlers(server);
  protocol.registerCapabilities({
    tools: {},
    resources: {},
    extensions: { [MCP_APPS_EXTENSION]: {} },
  });
  wrap(protocol, "tools/list", async (request, ctx, before) => {
    const listed = before ? await before(request, ctx) : { tools: [] };
    // Listed once, on the last page of a paginated list.
    if (listed.nextCursor !== undefined) return listed;
    return { ...listed, tools: [...listed.tools, RENDER_RESULTS_TOOL] };
  });
  wrap(protocol, "tools/call", (request, ctx, before) => {
    if (request.params.name === RENDER_RESULTS) {
      return Promise.resolve(callTool(request.params.arguments, onError));
    }
    if (before) return before(request, ctx);
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown tool: the only tool is ${RENDER_RESULTS}.`,
    );
  });
  wrap(protocol, "resources/list", async (request, ctx, before) => {
    const listed = before ? await before(request, ctx) : { resources: [] };
    if (listed.nextCursor !== undefined) return listed;
    return { ...listed, resources: [...listed.resources, VIEW_RESOURCE] };
  });
  wrap(protocol, "resources/templates/list", (request, ctx, before) => {
    return before ? before(request, ctx) : Promise.resolve({ resourceTemplates: [] });
  });
  wrap(protocol, "resources/read", (request, ctx, before) => {
    if (request.params.uri === VIEW_URI) return Promise.resolve(VIEW_CONTENTS);
    if (before) return before(request, ctx);
    throw new ResourceNotFoundError(
      request.params.uri,
      "Resource not found: list resources for the view's URI.",
    );
  });
}

/**
 * Makes an `McpServer` install its tools and resources handlers now, if it has not yet (it
 * does on its first registration), so that they are wrapped, and tools and resources it
 * registers later are listed. The SDK keeps the methods that do it private; without them, the
 * server's own registrations must come first.
 */
function installOwnHandlers(server: McpServer): void {
  const internals = server as unknown as {
    setToolRequestHandlers?(): void;
    setResourceRequestHandlers?(): void;
  };
  internals.setToolRequestHandlers?.();
  internals.setResourceRequestHandlers?.();
}

/** Installs `handler` for `method`, handing it the handler that was installed before, if any. */
function wrap<M extends WrappedMethod>(
  server: Server,
  method: M,
  handler: (
    request: RequestTypeMap[M],
    ctx: ServerContext,
    before?: Handler<M>,
  ) => Promise<HandlerResultTypeMap[M]>,
): void {
  // `_getRequestHandler` is the SDK's accessor for an installed handler, protected in its types.
  const before = (server as unknown as { _getRequestHandler(method: M): Handler<M> | undefined })
    ._getRequestHandler(method);
  server.setRequestHandler(method, (request, ctx) => handler(request, ctx, before));
}

/** Calls the tool; an unexpected failure becomes a tool error result, never a crash. */
function callTool(args: unknown, onError: (error: unknown) => void): CallToolResult {
  try {
    return callRenderResults(args);
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    onError(error);
    return {
      content: [{
        type: "text",
        text: "The results could not be rendered because of an internal error. " +
          "The arguments were valid; calling again may help.",
      }],
      isError: true,
    };
  }
}
