/**
 * The `render_results` tool as one unit: its descriptor and its call. It knows nothing of
 * transports or servers; a server lists {@linkcode renderResultsTool} and answers a call with
 * {@linkcode callRenderResults}.
 * @module
 */

export { callRenderResults } from "./call.ts";
export { RENDER_RESULTS, renderResultsTool } from "./descriptor.ts";
export type { RenderInput, RenderOutput, SourceInput, SourceResult } from "./types.ts";
