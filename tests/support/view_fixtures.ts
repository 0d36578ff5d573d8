/**
 * Results as the view's tests use them: a few sources, the successful tool result the server
 * would send for them, and each as the view reads it.
 * @module
 */

import { readFacts } from "../../ui/metadata.ts";
import type { ResultItem } from "../../ui/state.ts";

/** A source as a client passes it to render_results. */
export interface Item {
  id?: string;
  title: string;
  url: string;
  text?: string;
  metadata?: Record<string, unknown>;
}

/** A successful result as the server builds it: the numbered text list and the results. */
export function success(results: Item[], title = "Search results") {
  const text = results.map((item, index) => `${index + 1}. ${item.title}\n   ${item.url}`).join(
    "\n\n",
  );
  return {
    isError: false,
    content: [{ type: "text" as const, text: `${title}\n\n${text || "No results to display."}` }],
    structuredContent: {
      title,
      total: results.length,
      results: results.map((item) => ({ ...item, id: item.id ?? item.url })),
    },
  };
}

/** Three sources: one with a long snippet, one on a bare domain, one over http. */
export const ITEMS: Item[] = [
  {
    title: "Deno 2.0 release notes",
    url: "https://www.deno.com/blog/v2.0",
    text: "Deno 2 is backwards compatible with Node and npm, and it brings a standard library, " +
      "private registries, workspaces and long-term support. ".repeat(4),
  },
  { title: "Preact: fast 3kB alternative to React", url: "https://preactjs.com/" },
  { title: "MCP Apps specification", url: "http://example.org/specification/2026-01-26" },
];

/** A result as the view reads it, numbered `number`. */
export function resultItem(number: number, item: Item): ResultItem {
  return {
    number,
    id: item.id ?? item.url,
    title: item.title,
    url: item.url,
    text: item.text ?? "",
    facts: readFacts(item.metadata),
  };
}
