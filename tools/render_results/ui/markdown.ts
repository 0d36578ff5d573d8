/**
 * The list as Markdown, numbered as the tool's text list numbers it: `1. [Title](url)`.
 *
 * @module
 */
import type { ResultItem } from "./state.ts";
import { oneLine } from "./text.ts";
import { linkHref } from "./url.ts";

// Characters that could end the link text early or turn part of it into markup or an entity.
const TEXT_SPECIAL = /[\\`*_[\]<>&~|]/g;
// In a link destination only a backslash and parentheses can end it early (`URL` already
// percent-encodes spaces, `<` and `>`).
const DESTINATION_SPECIAL = /[\\()]/g;

/** `text` on one line with every character that Markdown could read as syntax escaped. */
export function escapeMarkdown(text: string): string {
  return oneLine(text).replace(TEXT_SPECIAL, "\\$&");
}

/** One entry: a link when the URL is http(s), else the title alone. */
function markdownEntry(item: ResultItem): string {
  const href = linkHref(item.url);
  const label = escapeMarkdown(item.title) || escapeMarkdown(item.url);
  const entry = href ? `[${label}](${href.replace(DESTINATION_SPECIAL, "\\$&")})` : label;
  return `${item.number}. ${entry}`;
}

/** The whole list, one numbered line per result. */
export function markdownList(items: ResultItem[]): string {
  return items.map(markdownEntry).join("\n");
}
