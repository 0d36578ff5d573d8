/**
 * What the view tells the model about the results the user marked, as a
 * `ui/update-model-context` request: a text block a model can read and, when the host accepts
 * it, the same entries as structured content.
 *
 * @module
 */
import type {
  McpUiSupportedContentBlockModalities,
  McpUiUpdateModelContextRequest,
} from "@modelcontextprotocol/ext-apps";
import type { ResultItem } from "./state.ts";
import { oneLine } from "./text.ts";

/**
 * The context update for `marked` (in list order) out of `total` results under `heading`: a text
 * block, and the same entries as structured content when the host accepts that.
 */
export function markedContext(
  heading: string,
  total: number,
  marked: ResultItem[],
  accepts: McpUiSupportedContentBlockModalities,
): McpUiUpdateModelContextRequest["params"] {
  const list = `the ${total} results of render_results ("${oneLine(heading)}")`;
  const text = marked.length
    ? [
      `The user marked ${marked.length} of ${list}:`,
      ...marked.map((item) => `[${item.number}] ${oneLine(item.title)} — ${item.url}`),
    ].join("\n")
    : `The user has marked none of ${list}.`;
  const entries = marked.map(({ number, title, url }) => ({ number, title, url }));
  return {
    content: [{ type: "text", text }],
    ...(accepts.structuredContent ? { structuredContent: { marked: entries } } : {}),
  };
}
