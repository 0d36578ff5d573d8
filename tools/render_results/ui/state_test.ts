/**
 * The view's state from the tool input and the tool result.
 */

import assert from "node:assert/strict";
import { ITEMS, resultItem, success } from "./testing.ts";
import { fromToolCancelled, fromToolInput, fromToolResult } from "./state.ts";

Deno.test("fromToolResult numbers results by their position and turns failures into an error", () => {
  const state = fromToolResult(success([ITEMS[1], ITEMS[1], ITEMS[2]]));
  assert.deepEqual(state, {
    phase: "ready",
    title: "Search results",
    results: [resultItem(1, ITEMS[1]), resultItem(2, ITEMS[1]), resultItem(3, ITEMS[2])],
  });
  const gap = success([ITEMS[0], ITEMS[1], ITEMS[2]]);
  (gap.structuredContent.results as unknown[])[1] = "not an object";
  const numbers = fromToolResult(gap);
  assert.equal(numbers.phase, "ready");
  assert.deepEqual(
    numbers.phase === "ready" && numbers.results.map((item) => item.number),
    [1, 3],
    "a malformed entry keeps its number, so the others keep the text list's numbers",
  );
  assert.deepEqual(
    fromToolResult({ isError: true, content: [{ type: "text", text: "boom" }] }),
    { phase: "error", detail: "boom" },
  );
});

Deno.test("fromToolResult shows a successful result the host stripped from what else it has", () => {
  const items = [{ ...ITEMS[0], id: "own-id", metadata: { author: "Ada" } }, ITEMS[1]];
  const whole = success(items, "Sources");
  const args = { title: "Sources", results: items };
  const stripped = { content: whole.content };
  assert.deepEqual(fromToolResult(stripped, args), fromToolResult(whole), "from the arguments");
  assert.deepEqual(fromToolResult({ ...stripped, structuredContent: null } as never, args), {
    phase: "ready",
    title: "Sources",
    results: items.map((item, i) => resultItem(i + 1, item)),
  });
  const fromText = {
    phase: "ready",
    title: "Sources",
    results: [
      resultItem(1, { title: ITEMS[0].title, url: ITEMS[0].url, text: ITEMS[0].text }),
      resultItem(2, { ...ITEMS[1], text: "" }),
    ],
  };
  assert.deepEqual(fromToolResult(stripped), fromText, "from the text, without ids and metadata");
  assert.deepEqual(fromToolResult(stripped, { results: "still streaming" }), fromText);
  assert.deepEqual(
    fromToolResult({ content: [{ type: "text", text: "Done: <b>3</b> sources." }] }),
    { phase: "text", detail: "Done: <b>3</b> sources." },
    "a text that is not the list is shown as text, not as an error",
  );
  assert.deepEqual(fromToolResult({ content: [], structuredContent: { results: "nope" } }), {
    phase: "alone",
  });
  assert.deepEqual(
    fromToolResult({ ...whole, isError: true }, args),
    { phase: "error", detail: whole.content[0].text },
    "a failed result is an error, whatever else it holds",
  );
});

Deno.test("fromToolInput previews streamed entries and leaves out those without a title yet", () => {
  const state = fromToolInput({
    arguments: {
      title: "Sear",
      results: [
        { title: "Deno", url: "https://www.deno.com/blog/v2.0", text: "Deno 2 is" },
        { url: "https://preactjs.com/" },
        { title: "  ", url: "https://example.org/" },
        { title: "MCP Apps spec", url: "htt" },
        7,
      ],
    },
  });
  assert.deepEqual(state, {
    phase: "preparing",
    title: "Sear",
    results: [
      resultItem(1, { title: "Deno", url: "https://www.deno.com/blog/v2.0", text: "Deno 2 is" }),
      resultItem(4, { title: "MCP Apps spec", url: "htt" }),
    ],
  });
  assert.deepEqual(fromToolInput({}), { phase: "preparing", title: "", results: [] });
  assert.deepEqual(fromToolInput({ arguments: { results: "x", title: 3 } }), {
    phase: "preparing",
    title: "",
    results: [],
  });
});

Deno.test("fromToolCancelled keeps the host's reason as text, and only a string", () => {
  assert.deepEqual(fromToolCancelled({ reason: " The user stopped the call. " }), {
    phase: "cancelled",
    reason: "The user stopped the call.",
  });
  assert.deepEqual(fromToolCancelled({}), { phase: "cancelled", reason: "" });
  const odd = { reason: { toString: () => "<b>x</b>" } } as unknown as { reason: string };
  assert.deepEqual(fromToolCancelled(odd), { phase: "cancelled", reason: "" });
});
