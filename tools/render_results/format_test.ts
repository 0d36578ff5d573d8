/**
 * The plain-text list: its layout, titles on one line, snippets indented line by line, and blank
 * snippets left out.
 */

import assert from "node:assert/strict";
import { formatResultText } from "./format.ts";
import type { SourceResult } from "./types.ts";

const TOOL_DIR = new URL("./", import.meta.url);
const readJson = async (name: string) =>
  JSON.parse(await Deno.readTextFile(new URL(name, TOOL_DIR)));

/** The line breaks a title loses and a snippet is split at; CR LF is one. */
const LINE_BREAKS = ["\r\n", "\n", "\v", "\f", "\r", "\u0085", "\u2028", "\u2029"];
/** White_Space that is not a line break: kept as it is. */
const SPACES = ["\t", " ", "\u00a0", "\u1680", "\u2000", "\u200a", "\u202f", "\u205f", "\u3000"];

const result = (extra: Partial<SourceResult> = {}): SourceResult => ({
  id: "x",
  title: "Title",
  url: "https://example.com/a",
  ...extra,
});
const format = (results: SourceResult[], title = "Heading") =>
  formatResultText({ title, total: results.length, results });

Deno.test("the example result's text is the example output's", async () => {
  const output = await readJson("example-output.json");
  assert.equal(formatResultText(output.structuredContent), output.content[0].text);
});

Deno.test("an empty list is the heading, a blank line and the empty-list sentence", () => {
  assert.equal(format([]), "Heading\n\nNo results to display.");
  assert.equal(format([], "Line\nbreak"), "Line break\n\nNo results to display.");
});

Deno.test("entries are numbered, with title, full URL and snippet indented under the number", () => {
  const results = Array.from({ length: 10 }, (_, i) => result({ title: `T${i + 1}` }));
  results[9].text = "Snippet";
  const text = format(results);
  assert.ok(text.startsWith("Heading\n\n1. T1\n   https://example.com/a\n\n2. T2\n"), text);
  assert.ok(text.endsWith("\n\n10. T10\n    https://example.com/a\n    Snippet"), text);
});

Deno.test("each line break in a title or the heading becomes one space", () => {
  for (const lineBreak of LINE_BREAKS) {
    const text = format([result({ title: `a${lineBreak}b${lineBreak}` })], `H${lineBreak}1`);
    assert.equal(text, "H 1\n\n1. a b \n   https://example.com/a", JSON.stringify(lineBreak));
  }
  assert.equal(format([result({ title: "a\n\rb" })], "h").split("\n")[2], "1. a  b");
  for (const space of SPACES) {
    assert.equal(format([result({ title: `a${space}b` })]).split("\n")[2], `1. a${space}b`);
  }
});

Deno.test("a snippet is split at the same line breaks, each line indented, blank lines too", () => {
  for (const lineBreak of LINE_BREAKS) {
    const text = format([result({ text: `one${lineBreak}${lineBreak}two${lineBreak}` })]);
    assert.equal(
      text,
      "Heading\n\n1. Title\n   https://example.com/a\n   one\n   \n   two\n   ",
      JSON.stringify(lineBreak),
    );
  }
  assert.equal(format([result({ text: " \tkept\u00a0" })]).split("\n").at(-1), "    \tkept\u00a0");
  assert.equal(format([result({ text: "\u200b" })]).split("\n").at(-1), "   \u200b");
});

Deno.test("an empty or blank snippet shows nothing, as if there were none", () => {
  const without = format([result(), result()]);
  for (const text of ["", ...LINE_BREAKS, ...SPACES, " \n\t\u3000\r\n", LINE_BREAKS.join("")]) {
    assert.equal(format([result({ text }), result({ text })]), without, JSON.stringify(text));
  }
});
