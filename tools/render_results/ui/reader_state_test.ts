/**
 * Where the reader's choices are kept, and how what was kept is read back.
 */
import assert from "node:assert/strict";
import { FRESH, listKey, readerStore } from "./reader_state.ts";
import { ITEMS, resultItem } from "./testing.ts";

const CHOSEN = { query: "deno", newest: true, marks: [2], expanded: true };

Deno.test("the choices kept for a list come back for that list only, each field by its type", () => {
  const list = { title: "Sources", results: ITEMS.map((item, i) => resultItem(i + 1, item)) };
  const key = listKey(list);
  const other = listKey({ ...list, title: "Other sources" });
  const kept: unknown[] = [];
  try {
    const store = readerStore({ setWidgetState: (state) => kept.push(state) });
    assert.deepEqual(store.load(key), FRESH);
    store.save(key, CHOSEN);
    assert.deepEqual(store.load(key), CHOSEN);
    assert.deepEqual(store.load(other), FRESH);

    const [widgetState] = kept as Record<string, unknown>[];
    assert.deepEqual({ ...widgetState, list: undefined }, { ...CHOSEN, list: undefined });
    const remounted = readerStore({ widgetState });
    assert.deepEqual(remounted.load(key), CHOSEN);
    assert.deepEqual(remounted.load(other), FRESH, "another list never inherits them");
    const written = { ...widgetState, query: { toString: "x" }, marks: "1", newest: "yes" };
    assert.deepEqual(readerStore({ widgetState: written }).load(key), {
      ...FRESH,
      expanded: true,
    });
  } finally {
    localStorage.clear();
  }
});
