/**
 * The model context the view sends for the marked results.
 */

import assert from "node:assert/strict";
import { ITEMS, resultItem } from "./testing.ts";
import { markedContext } from "./model_context.ts";

Deno.test("the model context names the marked results by number, title and URL", () => {
  const marked = [resultItem(2, ITEMS[1]), resultItem(3, ITEMS[2])];
  const text = 'The user marked 2 of the 3 results of render_results ("Search\nresults"):\n' +
    `[2] ${ITEMS[1].title} — ${ITEMS[1].url}\n[3] ${ITEMS[2].title} — ${ITEMS[2].url}`;
  assert.deepEqual(markedContext("Search\nresults", 3, marked, { text: {} }), {
    content: [{ type: "text", text: text.replace("Search\nresults", "Search results") }],
  });
  assert.deepEqual(markedContext("Search", 3, marked, { text: {}, structuredContent: {} }), {
    content: [{ type: "text", text: text.replace("Search\nresults", "Search") }],
    structuredContent: {
      marked: marked.map(({ number, title, url }) => ({ number, title, url })),
    },
  });
  assert.deepEqual(markedContext("Search", 3, [], {}), {
    content: [{
      type: "text",
      text: 'The user has marked none of the 3 results of render_results ("Search").',
    }],
  });
});
