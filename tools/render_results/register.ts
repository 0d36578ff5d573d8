/**
 * Adds `render_results` and its view to an MCP server of the v2 SDK, beside whatever tools and
 * resources the server already has.
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

/** Options of {@linkcode registerRenderResults}. */
export interface RegisterOptions {
  /**
   * Hears of an unexpected failure of the tool, which is answered as an `isError` result with a
   * generic text; `console.error` unless given.
   */
  onError?: (error: unknown) => void;
}

/**
 * Serves `render_results` and its view on `server`, an `McpServer` or a low-level `Server`, as
 * this project's own server does: the same descriptor, results and errors (invalid arguments
 * and an unknown resource are JSON-RPC -32602). Call it before the server connects, and after
 * registering the server's own tools and resources: an `McpServer` refuses to install its
 * handlers once these are wrapped.
 */
export function registerRenderResults(
  server: McpServer | Server,
  options: RegisterOptions = {},
): void {
  const onError = options.onError ?? ((error) => console.error("render_results failed:", error));
  const protocol = server instanceof McpServer ? server.server : server;
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
