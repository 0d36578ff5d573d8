/**
 * What the reader chose for one list (the filter, the order, the marks, whether the whole list
 * shows), which belongs to that list: another result starts afresh.
 *
 * @module
 */
import type { ResultItem } from "./state.ts";

/** The reader's choices for one list. */
export interface ReaderState {
  /** What the filter field holds. */
  query: string;
  /** Whether the list is sorted newest first. */
  newest: boolean;
  /** The numbers of the marked results, in ascending order. */
  marks: number[];
  /** Whether every card shows, not only the first few. */
  expanded: boolean;
}

/** The choices of a reader who has changed nothing yet. */
export const FRESH: ReaderState = { query: "", newest: false, marks: [], expanded: false };

/** The key of a list: what it shows, as JSON. */
export function listKey({ title, results }: { title: string; results: ResultItem[] }): string {
  return JSON.stringify([title, results]);
}
