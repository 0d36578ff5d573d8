/**
 * The `render_results` tool descriptor as `tools/list` serves it.
 * @module
 */

import type { Tool } from "./mcp_types.ts";
import inputSchema from "./input.schema.json" with { type: "json" };
import outputSchema from "./output.schema.json" with { type: "json" };
import { VIEW_URI } from "./view.ts";

/**
 * The tool's name.
 *
 * @example
 * ```ts
 * import { RENDER_RESULTS } from "render-results-mcp";
 *
 * console.log(RENDER_RESULTS); // "render_results"
 * ```
 */
export const RENDER_RESULTS = "render_results";

/**
 * The JSON Schema of the tool's arguments (MCP's default dialect, 2020-12, and valid draft-07 as
 * well): up to 50 results, each with a title,
 * an http(s) URL and an optional id, snippet and metadata, and an optional heading. The call
 * checks more than a schema can say (blank text, URL forms, metadata depth), so a value the
 * schema accepts may still be refused with a JSON-RPC -32602 error.
 *
 * @example
 * ```ts
 * import { RENDER_RESULTS_INPUT_SCHEMA } from "render-results-mcp";
 *
 * console.log(RENDER_RESULTS_INPUT_SCHEMA.required); // ["results"]
 * ```
 */
export const RENDER_RESULTS_INPUT_SCHEMA: Tool["inputSchema"] = inputSchema as Tool["inputSchema"];

/**
 * The JSON Schema of the `structuredContent` of a successful call (as the arguments' schema):
 * `{ title, total, results }`, each result as supplied with its `id` filled.
 *
 * @example
 * ```ts
 * import { RENDER_RESULTS_OUTPUT_SCHEMA } from "render-results-mcp";
 *
 * console.log(RENDER_RESULTS_OUTPUT_SCHEMA.required); // ["title", "total", "results"]
 * ```
 */
export const RENDER_RESULTS_OUTPUT_SCHEMA: NonNullable<Tool["outputSchema"]> =
  outputSchema as NonNullable<Tool["outputSchema"]>;

/** Status text while the view waits for the result; the view shows the same words. */
const INVOKING_TEXT = "Preparing results…";

/** Status text once the result is in. */
const INVOKED_TEXT = "Results ready";

/** The description the model reads to decide when to call the tool. */
const DESCRIPTION =
  "Present already retrieved source results as an interactive list when the host supports UI, " +
  "with a readable text list otherwise. Use when the user wants to browse sources or when a " +
  "visual result list helps the task. Pass existing results in the desired order; never invent " +
  "source URLs or factual titles. This tool does not search, crawl, fetch URLs, verify sources, " +
  "or consume Search1API search credits. Do not call it for intermediate research results or " +
  "when a normal text answer is sufficient.";

/**
 * The tool's descriptor as `tools/list` lists it: name, description, both schemas, read-only
 * annotations, and the view it declares (`_meta.ui.resourceUri`, with the flat
 * `ui/resourceUri` older hosts read and ChatGPT's `openai/*` keys).
 *
 * @example
 * ```ts
 * import { RENDER_RESULTS_TOOL } from "render-results-mcp";
 *
 * console.log(RENDER_RESULTS_TOOL.annotations?.readOnlyHint); // true
 * ```
 */
export const RENDER_RESULTS_TOOL: Tool = {
  name: RENDER_RESULTS,
  title: "Render the results",
  description: DESCRIPTION,
  inputSchema: RENDER_RESULTS_INPUT_SCHEMA,
  outputSchema: RENDER_RESULTS_OUTPUT_SCHEMA,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  _meta: {
    ui: { resourceUri: VIEW_URI, visibility: ["model", "app"] },
    // The same URI under the keys older MCP Apps hosts and ChatGPT read.
    "ui/resourceUri": VIEW_URI,
    "openai/outputTemplate": VIEW_URI,
    "openai/toolInvocation/invoking": INVOKING_TEXT,
    "openai/toolInvocation/invoked": INVOKED_TEXT,
  },
};
