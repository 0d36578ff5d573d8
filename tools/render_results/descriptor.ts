/**
 * The `render_results` tool descriptor as `tools/list` serves it.
 * @module
 */

import type { Tool } from "@modelcontextprotocol/server";
import inputSchema from "./input.schema.json" with { type: "json" };
import outputSchema from "./output.schema.json" with { type: "json" };
import { VIEW_URI } from "./view.ts";

/** The tool's name. */
export const RENDER_RESULTS = "render_results";

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

/** The descriptor as `tools/list` lists it, declaring the view. */
export const RENDER_RESULTS_TOOL: Tool = {
  name: RENDER_RESULTS,
  title: "Render the results",
  description: DESCRIPTION,
  inputSchema: inputSchema as Tool["inputSchema"],
  outputSchema: outputSchema as Tool["outputSchema"],
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  _meta: {
    ui: { resourceUri: VIEW_URI, visibility: ["model", "app"] },
    "openai/outputTemplate": VIEW_URI,
    "openai/toolInvocation/invoking": INVOKING_TEXT,
    "openai/toolInvocation/invoked": INVOKED_TEXT,
  },
};
