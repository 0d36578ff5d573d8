/**
 * The MCP server: the `render_results` tool and its view resource on the SDK's low-level
 * `Server`, which answers invalid arguments with JSON-RPC errors and serves the JSON Schemas
 * verbatim. One instance serves one HTTP request or one stdio connection, of either protocol
 * era.
 * @module
 */

import {
  type CacheHint,
  type CallToolResult,
  type Implementation,
  type jsonSchemaValidator,
  type ListToolsResult,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  Server,
} from "@modelcontextprotocol/server";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/server/validators/cf-worker";
import {
  callRenderResults,
  RENDER_RESULTS,
  renderResultsTool,
} from "../tools/render_results/mod.ts";
import { loadViewResource, type ViewResource } from "./view_resource.ts";
import denoJson from "../deno.json" with { type: "json" };

/** The server's name and version as clients see them. */
const SERVER_INFO: Implementation = {
  name: "render-results",
  title: "Render results",
  version: denoJson.version,
};

const INSTRUCTIONS = "Call render_results with source results you already retrieved to show " +
  "them as a list of cards (or a numbered text list where the host shows no UI).";

/** The MCP Apps extension, declared in the capabilities as the 2026-07-28 revision describes. */
const MCP_APPS_EXTENSION = "io.modelcontextprotocol/ui";

/**
 * How long clients may reuse a list or the discovery result (1 hour): they change only when a
 * new version is deployed.
 */
const LIST_TTL_MS = 60 * 60 * 1000;

/**
 * How long clients may reuse the view's contents (1 day). Its URI names a hash of its bytes, so
 * the contents behind a URI never change; the lists that name the URI expire first.
 */
const VIEW_TTL_MS = 24 * 60 * 60 * 1000;

/** What the server offers, prepared once at start-up and shared by every instance. */
export interface Catalog {
  view: ViewResource;
  tools: ListToolsResult;
}

/** Reads the built view and prepares the tool list. */
export async function loadCatalog(): Promise<Catalog> {
  const view = await loadViewResource();
  return { view, tools: { tools: [renderResultsTool(view.uri)] } };
}

/** How an instance is created. */
export interface McpServerOptions {
  /**
   * Who may share cached results: `public` when anyone may call the server, `private` when
   * callers authenticate, so that no cache hands one caller's results to another.
   */
  cacheScope: CacheHint["cacheScope"];
}

// One validator for all instances: the SDK otherwise builds a new one (Ajv, on Node and Deno)
// for every `Server`. It is built on first use, which never comes here (the SDK validates only
// elicitation answers with it), so no request pays for it; and it is the small validator the
// SDK uses on web runtimes, so a bundle of the server need not carry Ajv.
let validator: CfWorkerJsonSchemaValidator | undefined;
const sharedJsonSchemaValidator: jsonSchemaValidator = {
  getValidator(schema) {
    validator ??= new CfWorkerJsonSchemaValidator();
    return validator.getValidator(schema);
  },
};

/** Creates a server for one connection (stdio) or one stateless HTTP request. */
export function createMcpServer(catalog: Catalog, { cacheScope }: McpServerOptions): Server {
  const lists = { ttlMs: LIST_TTL_MS, cacheScope };
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {}, resources: {}, extensions: { [MCP_APPS_EXTENSION]: {} } },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: sharedJsonSchemaValidator,
    cacheHints: {
      "server/discover": lists,
      "tools/list": lists,
      "resources/list": lists,
      "resources/templates/list": lists,
      "resources/read": { ttlMs: VIEW_TTL_MS, cacheScope },
    },
  });
  server.setRequestHandler("tools/list", () => catalog.tools);
  server.setRequestHandler("tools/call", (request) => {
    if (request.params.name !== RENDER_RESULTS) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool: the only tool is ${RENDER_RESULTS}.`,
      );
    }
    return callTool(request.params.arguments);
  });
  server.setRequestHandler("resources/list", () => ({ resources: [catalog.view.resource] }));
  server.setRequestHandler("resources/templates/list", () => ({ resourceTemplates: [] }));
  server.setRequestHandler("resources/read", (request) => {
    if (request.params.uri !== catalog.view.uri) {
      throw new ResourceNotFoundError(
        request.params.uri,
        "Resource not found: list resources for the view's URI.",
      );
    }
    return catalog.view.contents;
  });
  return server;
}

/** Calls the tool; an unexpected failure becomes a tool error result, never a crash. */
function callTool(args: unknown): CallToolResult {
  try {
    return callRenderResults(args);
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    console.error("render_results failed:", error);
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
