/**
 * Adds `render_results` and its view to an MCP server of either TypeScript SDK line, beside
 * whatever tools and resources the server has: an `McpServer` or a low-level `Server` of the v2
 * packages (`@modelcontextprotocol/server`) or of the v1 package (`@modelcontextprotocol/sdk`).
 *
 * The SDKs keep one handler per method and offer no way to add a tool to a low-level server's
 * list, nor to answer invalid arguments of an `McpServer` tool with a JSON-RPC error (both lines
 * turn every tool error into an `isError` result). So the handlers of `tools/list`, `tools/call`,
 * `resources/list`, `resources/read` and `resources/templates/list` are wrapped: `render_results`
 * and its view are answered here, everything else by the handler that was there before.
 *
 * No SDK is imported: the server is recognised by what it has. Both lines keep a protocol's
 * handlers in a map by method (`_requestHandlers`). v2 registers by method name and hands a
 * handler a validated copy of the request; v1 registers only with a zod schema of the request,
 * so on v1 the wrapper is put in the map itself and sees the request as received. v2's copy drops
 * an own `__proto__` key of the arguments, which the tool refuses as an unknown field, so on v2
 * a check of the request as received is put in the map in front of the SDK's validation.
 * @module
 */

import { callRenderResults } from "./call.ts";
import { RENDER_RESULTS, RENDER_RESULTS_TOOL } from "./descriptor.ts";
import { InvalidParamsError } from "./invalid_params.ts";
import { isPlainObject } from "./plain_object.ts";
import { validateRenderInput } from "./validate.ts";
import { VIEW_URI, viewContents, viewResource } from "./view.ts";
import type { ViewDomains } from "./view_domains.ts";

/** The MCP Apps extension, declared in the capabilities as MCP 2026-07-28 describes. */
const MCP_APPS_EXTENSION = "io.modelcontextprotocol/ui";

/** The methods whose handlers are wrapped. */
const WRAPPED_METHODS = [
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/templates/list",
  "resources/read",
] as const;

/** A method whose handler is wrapped. */
type WrappedMethod = (typeof WRAPPED_METHODS)[number];

/**
 * What a low-level MCP server of either SDK line has that {@linkcode registerRenderResults}
 * relies on: the v2 `Server` of `@modelcontextprotocol/server` and the v1 `Server` of
 * `@modelcontextprotocol/sdk/server/index.js` both are one.
 *
 * @example
 * ```ts
 * import { Server } from "@modelcontextprotocol/server";
 * import type { LowLevelServer } from "render-results-mcp";
 *
 * const server: LowLevelServer = new Server({ name: "search", version: "1.0.0" });
 * ```
 */
export interface LowLevelServer {
  /** Adds capabilities; both lines refuse once the server is connected. */
  registerCapabilities(capabilities: {
    tools?: object;
    resources?: object;
    extensions?: Record<string, object>;
  }): void;
  /** Throws if a handler for `method` is installed. */
  assertCanSetRequestHandler(method: string): void;
  /** What the connected client declared, which only a server (not a client) can tell. */
  getClientCapabilities(): unknown;
}

/**
 * What an `McpServer` of either SDK line has that {@linkcode registerRenderResults} relies on:
 * the low-level server it wraps, and its own way of registering tools.
 *
 * @example
 * ```ts
 * import { McpServer } from "@modelcontextprotocol/server";
 * import type { HighLevelServer } from "render-results-mcp";
 *
 * const server: HighLevelServer = new McpServer({ name: "search", version: "1.0.0" });
 * ```
 */
export interface HighLevelServer {
  /** The low-level server that answers the requests. */
  readonly server: LowLevelServer;
  /** Registers one of the server's own tools. */
  registerTool(...args: never[]): unknown;
}

/**
 * A server {@linkcode registerRenderResults} takes: an `McpServer` or a low-level `Server`, of
 * `@modelcontextprotocol/server` 2.x or `@modelcontextprotocol/sdk` 1.20 or later.
 *
 * @example
 * ```ts
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * import type { RenderResultsServer } from "render-results-mcp";
 *
 * const server: RenderResultsServer = new McpServer({ name: "search", version: "1.0.0" });
 * ```
 */
export type RenderResultsServer = HighLevelServer | LowLevelServer;

/**
 * How {@linkcode registerRenderResults} reports what goes wrong, and the domains some hosts need
 * to be told to mount the view (docs/hosts.md says which host expects what).
 *
 * @example
 * ```ts
 * import { McpServer } from "@modelcontextprotocol/server";
 * import { registerRenderResults } from "render-results-mcp";
 *
 * const server = new McpServer({ name: "search", version: "1.0.0" });
 * registerRenderResults(server, { onError: (error) => console.error("render_results:", error) });
 * ```
 *
 * @example For a server that ChatGPT reaches at https://search.example.com
 * ```ts
 * import { McpServer } from "@modelcontextprotocol/server";
 * import { registerRenderResults } from "render-results-mcp";
 *
 * const server = new McpServer({ name: "search", version: "1.0.0" });
 * registerRenderResults(server, { openaiWidgetDomain: "https://search.example.com" });
 * ```
 */
export interface RegisterOptions extends ViewDomains {
  /**
   * Hears of an unexpected failure of the tool, which is answered as an `isError` result with a
   * generic text; `console.error` unless given.
   */
  onError?: (error: unknown) => void;
}

/** A request as a wrapper sees it; on v1 it is the raw JSON-RPC request, so nothing is sure. */
interface McpRequest {
  params?: { name?: unknown; arguments?: unknown; uri?: unknown };
}

/** A handler as the SDKs store it: the request, the SDK's context, a promise of the result. */
type StoredHandler = (request: McpRequest, context: unknown) => Promise<unknown>;

/** A list result, paginated by `nextCursor`. */
type ListResult = Record<string, unknown> & { nextCursor?: unknown };

/** The internals of a protocol object of either line that registration reads and writes. */
interface ProtocolInternals {
  _requestHandlers?: unknown;
  _getRequestHandler?: (method: string) => StoredHandler | undefined;
  setRequestHandler: (...args: unknown[]) => void;
  transport?: unknown;
  registerCapabilities(capabilities: object): void;
}

/** The private methods with which an `McpServer` of either line installs its own handlers. */
interface McpServerInternals {
  server: ProtocolInternals;
  setToolRequestHandlers?(): void;
  setResourceRequestHandlers?(): void;
}

/** A check of a request as received, before the SDK copies it: the error to answer, if any. */
type Screen = (request: McpRequest) => Error | undefined;

/** Reads and installs one protocol object's handlers, on either SDK line. */
interface HandlerTable {
  get(method: WrappedMethod): StoredHandler | undefined;
  /**
   * Installs `handler` for `method`, with `screen` in front of the SDK's copy of each request
   * where there is one (v2); on v1 `handler` itself sees the request as received.
   */
  set(method: WrappedMethod, handler: StoredHandler, screen?: Screen): void;
}

/**
 * Serves `render_results` and its view on `server`, an `McpServer` or a low-level `Server` of
 * the v2 packages or of `@modelcontextprotocol/sdk` 1.20 or later, exactly as the standalone
 * render_results server does: the same descriptor, results and errors (invalid arguments and an
 * unknown resource are JSON-RPC -32602, on an `McpServer` too). The server's own tools and
 * resources are listed and answered as before, whether they are registered before or after this
 * call. Call it before the server connects: capabilities cannot change after that, so a
 * connected server is refused with an error saying so.
 *
 * @example Beside a search tool, on a server made per request (v2)
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
 *
 * @example On a v1 server over stdio
 * ```ts
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
 * import { registerRenderResults } from "render-results-mcp";
 *
 * const server = new McpServer({ name: "search", version: "1.0.0" });
 * registerRenderResults(server);
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function registerRenderResults(
  server: RenderResultsServer,
  options: RegisterOptions = {},
): void {
  const onError = options.onError ?? ((error) => console.error("render_results failed:", error));
  // Made once here, so that a bad domain is refused at registration, not at the first request.
  const resource = viewResource(options);
  const contents = viewContents(options);
  const highLevel = isHighLevel(server) ? server as unknown as McpServerInternals : undefined;
  const protocol = (highLevel?.server ?? server) as ProtocolInternals;
  const table = handlerTable(protocol);
  if (protocol.transport !== undefined) {
    throw new Error(
      "registerRenderResults needs a server that is not connected yet, as capabilities cannot " +
        "change after connect(): call it where the server is made, before connect().",
    );
  }
  if (highLevel) installOwnHandlers(highLevel, table);
  protocol.registerCapabilities({
    tools: {},
    resources: {},
    extensions: { [MCP_APPS_EXTENSION]: {} },
  });

  const wrappers: Record<WrappedMethod, (before?: StoredHandler) => StoredHandler> = {
    "tools/list": (before) => async (request, context) => {
      const listed = (before ? await before(request, context) : { tools: [] }) as ListResult;
      const tools = listed.tools as { name?: unknown }[];
      // Listed once, on the last page of a paginated list, and not again by a handler that was
      // set around this one (as servers that rewrite their list do).
      if (listed.nextCursor !== undefined || tools.some((tool) => tool.name === RENDER_RESULTS)) {
        return listed;
      }
      return { ...listed, tools: [...tools, RENDER_RESULTS_TOOL] };
    },
    "tools/call": (before) => (request, context) => {
      if (request.params?.name === RENDER_RESULTS) {
        return Promise.resolve(callTool(request.params.arguments, onError));
      }
      if (before) return before(request, context);
      throw new InvalidParamsError(`Unknown tool: the only tool is ${RENDER_RESULTS}.`);
    },
    "resources/list": (before) => async (request, context) => {
      const listed = (before ? await before(request, context) : { resources: [] }) as ListResult;
      const resources = listed.resources as { uri?: unknown }[];
      if (listed.nextCursor !== undefined || resources.some(({ uri }) => uri === VIEW_URI)) {
        return listed;
      }
      return { ...listed, resources: [...resources, resource] };
    },
    "resources/templates/list": (before) => (request, context) =>
      before ? before(request, context) : Promise.resolve({ resourceTemplates: [] }),
    "resources/read": (before) => (request, context) => {
      if (request.params?.uri === VIEW_URI) return Promise.resolve(contents);
      if (before) return before(request, context);
      // As v2's own error for an unknown resource: the URI asked for, if it is one (v1 hands the
      // request over unchecked).
      const uri = request.params?.uri;
      throw new InvalidParamsError(
        "Resource not found: list resources for the view's URI.",
        typeof uri === "string" ? { uri } : undefined,
      );
    },
  };

  const installed = new Map<WrappedMethod, StoredHandler>();
  const wrapAll = () => {
    for (const method of WRAPPED_METHODS) {
      const current = table.get(method);
      if (current !== undefined && current === installed.get(method)) continue;
      table.set(
        method,
        wrappers[method](current),
        method === "tools/call" ? ownProtoRefusal : undefined,
      );
      installed.set(method, table.get(method)!);
    }
  };
  wrapAll();
  // A low-level server's own handlers may be set after this call; each then goes under the
  // wrapper again, so that the order of registration does not matter.
  const setRequestHandler = protocol.setRequestHandler;
  protocol.setRequestHandler = function (...args: unknown[]) {
    setRequestHandler.apply(this, args);
    wrapAll();
  };
}

/** Whether `server` is an `McpServer`: it registers tools and wraps a low-level server. */
function isHighLevel(server: RenderResultsServer): server is HighLevelServer {
  return "registerTool" in server && typeof server.registerTool === "function" &&
    typeof (server as { server?: unknown }).server === "object";
}

/** How to read and install `protocol`'s handlers, or a clear error if it is no SDK server. */
function handlerTable(protocol: ProtocolInternals): HandlerTable {
  const setRequestHandler = protocol.setRequestHandler;
  const handlers = protocol._requestHandlers;
  if (!(handlers instanceof Map) || typeof setRequestHandler !== "function") {
    throw new TypeError(
      "registerRenderResults needs an McpServer or Server of @modelcontextprotocol/server 2.x " +
        "or @modelcontextprotocol/sdk 1.20 or later.",
    );
  }
  if (typeof protocol._getRequestHandler === "function") {
    // v2: handlers are registered by method name; the SDK validates each request into a copy
    // for the handler, and validates what it returns. The map holds that whole chain.
    return {
      get: (method) => handlers.get(method),
      set: (method, handler, screen) => {
        setRequestHandler.call(protocol, method, handler);
        if (screen === undefined) return;
        const validating: StoredHandler = handlers.get(method);
        handlers.set(method, (request: McpRequest, context: unknown) => {
          const refusal = screen(request);
          return refusal === undefined ? validating(request, context) : Promise.reject(refusal);
        });
      },
    };
  }
  // v1: the map holds each handler as called with the request as received.
  return {
    get: (method) => handlers.get(method),
    set: (method, handler) => handlers.set(method, handler),
  };
}

/**
 * The refusal of a call of `render_results` whose arguments, as received, hold an own
 * `__proto__` key: an unknown field, as the call itself finds it.
 */
function ownProtoRefusal(request: McpRequest): Error | undefined {
  const args = request.params?.arguments;
  if (request.params?.name !== RENDER_RESULTS || !isPlainObject(args)) return undefined;
  if (!Object.hasOwn(args, "__proto__")) return undefined;
  try {
    validateRenderInput(args);
  } catch (error) {
    if (error instanceof InvalidParamsError) return error;
  }
  return undefined;
}

/**
 * Makes an `McpServer` install its tools and resources handlers now, if it has not yet (it
 * does on its first registration), so that they are wrapped, and tools and resources it
 * registers later are listed; handlers already there (its own, or set by hand) are left as they
 * are. Both lines keep the methods that do it private; a server without them can take
 * `render_results` only after its own tools and resources.
 */
function installOwnHandlers(server: McpServerInternals, table: HandlerTable): void {
  const install = [
    [server.setToolRequestHandlers, "tools/call"],
    [server.setResourceRequestHandlers, "resources/read"],
  ] as const;
  for (const [installOwn, method] of install) {
    if (table.get(method) !== undefined) continue;
    if (typeof installOwn === "function") installOwn.call(server);
    else {
      throw new Error(
        "This McpServer cannot list tools and resources registered after render_results: call " +
          "registerRenderResults after the server's own registerTool and registerResource calls.",
      );
    }
  }
}

/** Calls the tool; an unexpected failure becomes a tool error result, never a crash. */
function callTool(args: unknown, onError: (error: unknown) => void): unknown {
  try {
    return callRenderResults(args);
  } catch (error) {
    if (error instanceof InvalidParamsError) throw error;
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
