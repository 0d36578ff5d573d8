/**
 * What the reader chose for one list (the filter, the order, the marks, whether the whole list
 * shows), kept for that list: in memory, for a host that sends the same result again; and, for a
 * host that mounts the view again, in ChatGPT's `widgetState` and in `localStorage` where the
 * frame has an origin of its own. Another result starts afresh.
 *
 * @module
 */
import { hash } from "./hash.ts";
import { isObject } from "./json.ts";
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

/** The part of ChatGPT's `window.openai` that keeps a view's state with its message. */
export interface WidgetStateRuntime {
  widgetState?: unknown;
  setWidgetState?: (state: unknown) => unknown;
}

/** Where the reader's choices are kept, by the key of their list. */
export interface ReaderStore {
  /** The choices kept for the list `key`, or those of a reader who changed nothing. */
  load(key: string): ReaderState;
  /** Keeps `reader` for the list `key`. */
  save(key: string, reader: ReaderState): void;
}

/**
 * `value` as the reader's choices. Anything on the frame's origin may have written it, so each
 * field is read by its type; marks that are not numbers only match no card.
 */
function readState(value: unknown): ReaderState | undefined {
  if (!isObject(value)) return undefined;
  const { query, marks } = value;
  return {
    query: typeof query === "string" ? query : "",
    newest: value.newest === true,
    marks: Array.isArray(marks) ? marks : [],
    expanded: value.expanded === true,
  };
}

/** A store that keeps choices in memory, in `runtime`'s widget state and in `localStorage`. */
export function readerStore(runtime?: WidgetStateRuntime): ReaderStore {
  const kept = new Map<string, ReaderState>();
  // Stored under a hash of the list, so that another list never finds them.
  const name = (key: string) => `render-results:${hash(key).toString(36)}`;
  return {
    load(key) {
      const widget = runtime?.widgetState;
      let stored: unknown;
      try {
        stored = JSON.parse(localStorage.getItem(name(key))!);
      } catch {
        // A frame without an origin of its own may not read storage at all.
      }
      return kept.get(key) ??
        readState(isObject(widget) && widget.list === name(key) ? widget : stored) ?? FRESH;
    },
    save(key, reader) {
      kept.set(key, reader);
      try {
        runtime?.setWidgetState?.({ list: name(key), ...reader });
      } catch {
        // A runtime that keeps nothing loses the choices with the frame.
      }
      try {
        localStorage.setItem(name(key), JSON.stringify(reader));
      } catch {
        // Storage that is refused or full keeps nothing; memory still does.
      }
    },
  };
}
