/**
 * Finding results as the user types: every word of the query must occur, in any case, in a
 * result's title, site (its name or host), snippet or author.
 *
 * @module
 */
import type { ResultItem } from "./state.ts";
import { displayHost } from "./url.ts";

/** The text a query is matched against: the fields a person sees on the card, lower-cased. */
function searchable(item: ResultItem): string {
  const { title, text, url, facts } = item;
  return [title, facts.site, displayHost(url), text, facts.author].join("\n").toLowerCase();
}

/** The results that match `query`, in their order and with their numbers; all for a blank one. */
export function filterResults(items: ResultItem[], query: string): ResultItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return items;
  return items.filter((item) => {
    const text = searchable(item);
    return words.every((word) => text.includes(word));
  });
}
