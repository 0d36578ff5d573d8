/**
 * `render_results` for any MCP server of the TypeScript SDK, v2 (`@modelcontextprotocol/server`)
 * or v1 (`@modelcontextprotocol/sdk` 1.20 or later): the tool that shows source
 * results a server already retrieved as a card list in MCP Apps hosts, and as a numbered text
 * list everywhere else.
 *
 * - {@linkcode registerRenderResults} adds the tool and its view to an `McpServer` or a
 *   low-level `Server` of either line in one call, beside the server's own tools.
 * - {@linkcode callRenderResults} is the call itself: arguments in, result out, or a JSON-RPC
 *   -32602 error ({@linkcode InvalidParamsError}) naming the field and the rule.
 * - {@linkcode RENDER_RESULTS_TOOL}, {@linkcode RENDER_RESULTS_INPUT_SCHEMA} and
 *   {@linkcode RENDER_RESULTS_OUTPUT_SCHEMA} describe the tool.
 * - {@linkcode VIEW_HTML}, {@linkcode VIEW_URI} and {@linkcode VIEW_MIME_TYPE} are the built
 *   view, the content-hashed URI the tool declares it at, and its MIME type;
 *   {@linkcode viewResource} and {@linkcode viewContents} describe it for `resources/list` and
 *   `resources/read`, with the domains a host may need, which {@linkcode checkViewDomains}
 *   checks.
 *
 * The standalone render_results server serves the tool through this module.
 *
 * @example
 * ```ts
 * import { McpServer } from "@modelcontextprotocol/server";
 * import { registerRenderResults } from "render-results-mcp";
 *
 * const server = new McpServer({ name: "search", version: "1.0.0" });
 * registerRenderResults(server);
 * ```
 * @module
 */

export { callRenderResults } from "./call.ts";
export {
  RENDER_RESULTS,
  RENDER_RESULTS_INPUT_SCHEMA,
  RENDER_RESULTS_OUTPUT_SCHEMA,
  RENDER_RESULTS_TOOL,
} from "./descriptor.ts";
export { INVALID_PARAMS, InvalidParamsError } from "./invalid_params.ts";
export type { JsonSource } from "./json_size.ts";
export {
  type HighLevelServer,
  type LowLevelServer,
  type RegisterOptions,
  registerRenderResults,
  type RenderResultsServer,
} from "./register.ts";
export type {
  JsonObject,
  JsonValue,
  RenderInput,
  RenderOutput,
  SourceInput,
  SourceResult,
} from "./types.ts";
export {
  VIEW_CONTENTS,
  VIEW_HTML,
  VIEW_MIME_TYPE,
  VIEW_RESOURCE,
  VIEW_URI,
  viewContents,
  viewResource,
} from "./view.ts";
export { checkViewDomains, type ViewDomains } from "./view_domains.ts";
