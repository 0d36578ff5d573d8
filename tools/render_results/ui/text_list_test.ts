/**
 * Reading the tool's text list back: on the tool's own answers to generated valid arguments, and
 * on texts that are not its list.
 */
import fc from "fast-check";
import assert from "node:assert/strict";
import { callRenderResults } from "../call.ts";
import { formatResultText } from "../format.ts";
import { cases } from "../testing.ts";
import type { RenderOutput } from "../types.ts";
import { readTextList, type TextList } from "./text_list.ts";

/** The text list of `list`, written as the tool writes it. */
function written(list: TextList): string {
  const results = list.results.map((result) => ({ id: result.url, ...result }));
  return formatResultText({ title: list.title, total: results.length, results });
}

Deno.test("the text list reads back into the list it was written from", () => {
  const text = formatResultText({
    title: "Sources",
    total: 11,
    results: Array.from({ length: 11 }, (_, i) => ({
      id: `id-${i}`,
      title: `Title\r\n${i + 1}`,
      url: `https://example.com/${i + 1}`,
      ...(i === 9 ? { text: "  Line one\n\nline three\u2028" } : {}),
    })),
  });
  const read = readTextList(text)!;
  assert.equal(read.title, "Sources");
  assert.equal(read.results.length, 11);
  assert.deepEqual(read.results[0], { title: "Title 1", url: "https://example.com/1", text: "" });
  assert.deepEqual(read.results[9], {
    title: "Title 10",
    url: "https://example.com/10",
    text: "  Line one\n\nline three\n",
  });
  assert.equal(
    readTextList(formatResultText({ title: "None", total: 0, results: [] })),
    undefined,
    "an empty list is shown as its text",
  );
});

Deno.test("any list the tool writes reads back to the same text, links and order", () => {
  fc.assert(
    fc.property(cases.filter(({ refusal }) => refusal === undefined), ({ args }) => {
      const result = callRenderResults(args);
      const output = result.structuredContent as unknown as RenderOutput;
      const text = (result.content[0] as { text: string }).text;
      fc.pre(output.total > 0);
      const read = readTextList(text);
      assert.ok(read, text);
      assert.equal(written(read), text);
      assert.deepEqual(read.results.map((item) => item.url), output.results.map((r) => r.url));
    }),
    { numRuns: 300 },
  );
});

Deno.test("a text that is not the tool's list is not read as one", () => {
  const list = "Sources\n\n1. A\n   https://a.example/\n\n2. B\n   https://b.example/";
  assert.ok(readTextList(list));
  for (
    const text of [
      "",
      "Sources",
      "Sources\n\n",
      "Sources\n\nNo results.",
      list.replace("2. B", "3. B"),
      list.replace("   https://b", "https://b"),
      list.replace("https://b.example/", "https://b example/"),
      `${list}\n`,
      `${list}\n\n`,
      `${list}\n  indented too little`,
      "Error: upstream search failed",
    ]
  ) {
    assert.equal(readTextList(text), undefined, JSON.stringify(text));
  }
});
