/**
 * Reading the tool's numbered text list (`format.ts`) back into the list it was written from,
 * for a host that passes on a result's text alone. The layout is strict, so a text it does not
 * fit (another tool's, or one a host changed) is not read as a list at all.
 *
 * @module
 */
import type { SourceResult } from "../types.ts";

/** A list as its text gives it: the heading, and each entry's title, URL and snippet. */
export interface TextList {
  title: string;
  results: Pick<SourceResult, "title" | "url" | "text">[];
}

// An entry: "N. title", the URL under the title, then the snippet's lines, indented as the URL.
// Only blank lines part entries: the snippet's own blank lines keep their indent.
const ENTRY = /^(\d+)\. (.*)\n( +)(\S+)((?:\n\3.*)*)$/;

/**
 * The list that `text` was written from (snippets with line breaks as `\n`, "" for none);
 * undefined where `text` is not such a list, or lists nothing.
 */
export function readTextList(text: string): TextList | undefined {
  const [title, ...entries] = text.split("\n\n");
  const results: TextList["results"] = [];
  for (const entry of entries) {
    const [, number, head, indent, url, lines] = ENTRY.exec(entry) ?? [];
    if (number !== `${results.length + 1}`) return;
    const snippet = lines.slice(indent.length + 1).replaceAll(`\n${indent}`, "\n");
    results.push({ title: head, url, text: snippet });
  }
  if (results.length) return { title, results };
}
