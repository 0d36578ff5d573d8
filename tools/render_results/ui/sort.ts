/**
 * Newest first: the results with a date the view understands, latest first, then the others in
 * their given order. Numbers stay with their results.
 *
 * @module
 */
import { parseDate } from "./formats.ts";
import type { ResultItem } from "./state.ts";

/** The time of `item`'s publication date in milliseconds, or undefined when it has none. */
export function publishedTime(item: ResultItem): number | undefined {
  const published = item.facts.published;
  return published ? parseDate(published)?.time.getTime() : undefined;
}

/** How many of `items` have a publication date the view understands. */
export function datedCount(items: ResultItem[]): number {
  return items.filter((item) => publishedTime(item) !== undefined).length;
}

/** `items` newest first; undated ones last; equal dates keep their order (the sort is stable). */
export function newestFirst(items: ResultItem[]): ResultItem[] {
  const time = (item: ResultItem) => publishedTime(item) ?? -Infinity;
  return [...items].sort((a, b) => time(b) - time(a) || 0);
}
