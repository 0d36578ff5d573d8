/**
 * The MCP server: a low-level SDK `Server` that serves `render_results` and its view through
 * the same public call any other server uses (`registerRenderResults`). One instance serves one
 * HTTP request or one stdio connection, of either protocol era.
 * @module
 */

import {
  type CacheHint,
  type Implementation,
  type jsonSchemaValidator,
  Server,
} from "@modelcontextprotocol/server";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/server/validators/cf-worker";
import { registerRenderResults, type ViewDomains } from "render-results-mcp";
import denoJson from "../deno.json" with { type: "json" };

/** The server's name and version as clients see them. */
const SERVER_INFO: Implementation = {
  name: "render-results",
  title: "Render results",
  version: denoJson.version,
};

const INSTRUCTIONS = "Call render_results with source results you already retrieved to show " +
  "them as a list of cards (or a numbered text list where the host shows no UI).";

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

/** How an instance is created. */
export interface McpServerOptions {
  /**
   * Who may share cached results: `public` when anyone may call the server, `private` when
   * callers authenticate, so that no cache hands one caller's results to another.
   */
  cacheScope: CacheHint["cacheScope"];
  /** Hears of an unexpected failure of the tool. */
  onError?: (error: unknown) => void;
  /** The domains hosts are told to mount the view at, where they are set. */
  viewDomains?: ViewDomains;
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
export function createMcpServer({ cacheScope, onError, viewDomains }: McpServerOptions): Server {
  const lists = { ttlMs: LIST_TTL_MS, cacheScope };
  const server = new Server(SERVER_INFO, {
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
  registerRenderResults(server, { onError, ...viewDomains });
  return server;
}
