/**
 * The `render_results` call: arguments in, MCP result out. Pure: no I/O.
 * @module
 */

import type { CallToolResult } from "./mcp_types.ts";
import { formatResultText } from "./format.ts";
import type { JsonSource } from "./json_size.ts";
import type { RenderOutput, SourceResult } from "./types.ts";
import { validateRenderInput } from "./validate.ts";

/** The heading used when the caller gives none. */
const DEFAULT_HEADING = "Results";

/**
 * Validates `args` and builds the result: the structured list (`structuredContent`) and its
 * numbered text form (`content`). Pure: no I/O, the same arguments give the same result.
 * Invalid arguments throw an `InvalidParamsError` (code -32602, invalid params) and a
 * message naming the field and the rule, never the value.
 *
 * A server that parsed `args` from a request's body of valid UTF-8 may pass its byte length as
 * `source`: it often settles the 64 KiB size rule without measuring the arguments, and the
 * outcome is the same as without it.
 *
 * @example
 * ```ts
 * import { callRenderResults } from "render-results-mcp";
 *
 * const result = callRenderResults({
 *   results: [{ title: "Streamable HTTP", url: "https://example.com/mcp/http" }],
 * });
 * console.log(result.structuredContent);
 * // { title: "Results", total: 1, results: [{ id: "https://example.com/mcp/http", ... }] }
 * ```
 *
 * @example Invalid arguments
 * ```ts
 * import { callRenderResults, InvalidParamsError } from "render-results-mcp";
 *
 * try {
 *   callRenderResults({ results: [{ title: "No URL" }] });
 * } catch (error) {
 *   console.log(error instanceof InvalidParamsError && error.code); // -32602
 * }
 * ```
 */
export function callRenderResults(args: unknown, source?: JsonSource): CallToolResult {
  const input = validateRenderInput(args, source);
  const results: SourceResult[] = new Array(input.results.length);
  for (let i = 0; i < input.results.length; i++) {
    const source = input.results[i];
    const result: SourceResult = {
      id: source.id ?? source.url,
      title: source.title,
      url: source.url,
    };
    if (source.text !== undefined) result.text = source.text;
    if (source.metadata !== undefined) result.metadata = source.metadata;
    results[i] = result;
  }
  const output: RenderOutput = {
    title: input.title ?? DEFAULT_HEADING,
    total: results.length,
    results,
  };
  return {
    content: [{ type: "text", text: formatResultText(output) }],
    structuredContent: output as unknown as Record<string, unknown>,
    isError: false,
  };
}
