/**
 * What the view shows, and how tool arguments and tool results become that. Both come from
 * another process through the host, so every field is checked before it is used.
 *
 * @module
 */
import type {
  McpUiToolCancelledNotification,
  McpUiToolInputPartialNotification,
  McpUiToolResultNotification,
} from "@modelcontextprotocol/ext-apps";
import { isObject, type Json } from "./json.ts";
import { readFacts, type SourceFacts } from "./metadata.ts";
import { readTextList } from "./text_list.ts";

/** The heading shown when the list has none, as the tool gives it. */
const DEFAULT_TITLE = "Results";

/** One result as the view draws it. */
export interface ResultItem {
  /** Its citation number: its 1-based position in the list, as the text list numbers it. */
  number: number;
  /** The result's id: the URL when the caller gave none, as the tool fills it. */
  id: string;
  /** The title, shown as the link text. */
  title: string;
  /** The URL as given. */
  url: string;
  /** The snippet, or "". */
  text: string;
  /** What its metadata says about the source. */
  facts: SourceFacts;
}

/** The state of the view, one phase at a time. */
export type ViewState =
  | { phase: "waiting" }
  | { phase: "alone" }
  | { phase: "preparing"; title: string; results: ResultItem[] }
  | { phase: "ready"; title: string; results: ResultItem[] }
  | { phase: "error"; detail: string }
  | { phase: "text"; detail: string }
  | { phase: "cancelled"; reason: string };

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function readItem(item: unknown, index: number): ResultItem | undefined {
  if (!isObject(item)) return undefined;
  const url = text(item.url);
  return {
    number: index + 1,
    id: text(item.id) || url,
    title: text(item.title),
    url,
    text: text(item.text),
    facts: readFacts(item.metadata),
  };
}

function readItems(values: unknown[]): ResultItem[] {
  return values.map(readItem).filter((item) => item !== undefined);
}

/**
 * Reads tool arguments, complete or still streaming, into the state that previews them. An entry
 * whose title has not started yet is left out (its number stays taken); the others show as they
 * are, and only an entry with a whole http(s) URL gets a link.
 */
export function fromToolInput(
  params: McpUiToolInputPartialNotification["params"],
): ViewState {
  const args = params.arguments;
  const results = Array.isArray(args?.results) ? readItems(args.results) : [];
  return {
    phase: "preparing",
    title: text(args?.title).trim(),
    results: results.filter((item) => item.title.trim() !== ""),
  };
}

/** `data` when it holds a list of results. */
function list(data: unknown): Json | undefined {
  return isObject(data) && Array.isArray(data.results) ? data : undefined;
}

/**
 * Reads a tool result into the state that shows it. A failed result is an error with its text.
 * A successful one shows its structured content; where a host passed that on without it, the
 * complete arguments `args` when the host sent them (the tool's list is made of them, ids filled
 * alike), else the list its text was written from, else its text as it is.
 */
export function fromToolResult(
  result: McpUiToolResultNotification["params"],
  args?: unknown,
): ViewState {
  const content = Array.isArray(result.content) ? result.content : [];
  const detail = content.map((block) => block?.type === "text" ? text(block.text) : "")
    .filter(Boolean).join("\n");
  if (result.isError === true) return { phase: "error", detail };
  const data = list(result.structuredContent) ?? list(args) ?? list(readTextList(detail));
  if (!data) return detail ? { phase: "text", detail } : { phase: "alone" };
  return {
    phase: "ready",
    title: text(data.title).trim() || DEFAULT_TITLE,
    results: readItems(data.results as unknown[]),
  };
}

/** The state of a cancelled call, with the reason the host gave, if any, as text. */
export function fromToolCancelled(params: McpUiToolCancelledNotification["params"]): ViewState {
  return { phase: "cancelled", reason: text(params?.reason).trim() };
}
