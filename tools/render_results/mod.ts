/**
 * The `render_results` tool as one unit: its descriptor, its view, its call and the one call
 * that serves all of them on an MCP server. It knows nothing of transports or of this project's
 * server.
 * @module
 */

export { callRenderResults } from "./call.ts";
export { RENDER_RESULTS, RENDER_RESULTS_TOOL } from "./descriptor.ts";
export { type RegisterOptions, registerRenderResults } from "./register.ts";
export type { RenderInput, RenderOutput, SourceInput, SourceResult } from "./types.ts";
export { VIEW_CONTENTS, VIEW_HTML, VIEW_MIME_TYPE, VIEW_RESOURCE, VIEW_URI } from "./view.ts";
