/**
 * What the view shows, and how a tool result becomes that. Tool results come from another
 * process through the host, so every field is checked before it is used.
 *
 * @module
 */
import type { McpUiToolResultNotification } from "@modelcontextprotocol/ext-apps";

/** One result as the view draws it. */
export interface ResultItem {
  /** The result's id (the URL when the caller gave none). */
  id: string;
  /** The title, shown as the link text. */
  title: string;
  /** The URL as given. */
  url: string;
  /** An optional snippet. */
  text?: string;
}

/** The state of the view, one phase at a time. */
export type ViewState =
  | { phase: "waiting" }
  | { phase: "preparing" }
  | { phase: "ready"; title: string; results: ResultItem[] }
  | { phase: "error"; detail: string }
  | { phase: "cancelled" };

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function readItem(value: unknown): ResultItem | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const item = value as Record<string, unknown>;
  const url = text(item.url);
  return { id: text(item.id) || url, title: text(item.title), url, text: text(item.text) };
}

/** Reads a tool result into the state that shows it; a failed or malformed one is an error. */
export function fromToolResult(result: McpUiToolResultNotification["params"]): ViewState {
  const data = result.structuredContent as Record<string, unknown> | undefined;
  if (result.isError !== true && Array.isArray(data?.results)) {
    const results = data.results.map(readItem).filter((item) => item !== undefined);
    return { phase: "ready", title: text(data.title).trim() || "Results", results };
  }
  const content = Array.isArray(result.content) ? result.content : [];
  const detail = content.map((block) => block?.type === "text" ? text(block.text) : "")
    .filter(Boolean).join("\n");
  return { phase: "error", detail };
}
