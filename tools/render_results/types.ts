/** Types of the `render_results` arguments and structured result. */

/**
 * A JSON value as `JSON.parse` makes it; numbers are finite.
 *
 * @example
 * ```ts
 * import type { JsonValue } from "render-results-mcp";
 *
 * const value: JsonValue = { tags: ["mcp", "http"], rank: 1, draft: false };
 * ```
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

/**
 * A JSON object, as a result's `metadata` is.
 *
 * @example
 * ```ts
 * import type { JsonObject } from "render-results-mcp";
 *
 * const metadata: JsonObject = { published: "2026-01-26", author: "A. Writer" };
 * ```
 */
export interface JsonObject {
  /** Any key, with a JSON value. */
  [key: string]: JsonValue;
}

/**
 * One source result as the caller supplies it.
 *
 * @example
 * ```ts
 * import type { SourceInput } from "render-results-mcp";
 *
 * const source: SourceInput = {
 *   title: "Streamable HTTP transport",
 *   url: "https://docs.example.org/mcp/transports",
 *   text: "A server answers each POST on one endpoint.",
 * };
 * ```
 */
export interface SourceInput {
  /** The source's title, unchanged (1 to 300 code points, not blank). */
  title: string;
  /** The source's absolute http or https URL, unchanged (at most 2,048 characters). */
  url: string;
  /** The source's own identifier (1 to 2,048 code points, not blank); the URL if absent. */
  id?: string;
  /** A snippet or faithful excerpt (at most 2,000 code points). */
  text?: string;
  /** The source's metadata (date, author, site name…), at most 32 levels deep. */
  metadata?: JsonObject;
}

/**
 * The arguments of `render_results`, once valid.
 *
 * @example
 * ```ts
 * import type { RenderInput } from "render-results-mcp";
 *
 * const args: RenderInput = {
 *   title: "Sources",
 *   results: [{ title: "A source", url: "https://example.com/a" }],
 * };
 * ```
 */
export interface RenderInput {
  /** The results to show, in display order (0 to 50). */
  results: SourceInput[];
  /** The list's heading (1 to 120 code points, not blank); `Results` if absent. */
  title?: string;
}

/**
 * One source result in the structured result: the input with its id filled.
 *
 * @example
 * ```ts
 * import type { SourceResult } from "render-results-mcp";
 *
 * const shown: SourceResult = {
 *   id: "https://example.com/a",
 *   title: "A source",
 *   url: "https://example.com/a",
 * };
 * ```
 */
export interface SourceResult {
  /** The supplied identifier, or the URL when none was supplied. */
  id: string;
  /** The supplied title. */
  title: string;
  /** The supplied URL. */
  url: string;
  /** The supplied snippet, when one was supplied. */
  text?: string;
  /** The supplied metadata, when it was supplied. */
  metadata?: JsonObject;
}

/**
 * The `structuredContent` of a successful `render_results` call.
 *
 * @example
 * ```ts
 * import { callRenderResults, type RenderOutput } from "render-results-mcp";
 *
 * const result = callRenderResults({ results: [] });
 * const output = result.structuredContent as unknown as RenderOutput;
 * console.log(output.total); // 0
 * ```
 */
export interface RenderOutput {
  /** The heading: the one supplied, or `Results`. */
  title: string;
  /** The number of results in the list. */
  total: number;
  /** The supplied results in the supplied order. */
  results: SourceResult[];
}
