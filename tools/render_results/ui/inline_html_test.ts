/**
 * Inlining the script and style sheet into the view's document.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { escapeScript, escapeStyle, inlineHtml, unescapeCharacters } from "./inline_html.ts";

Deno.test("inlined script and style cannot close their elements early", () => {
  assert.equal(escapeScript(`a="</script><!--"`), `a="\\x3C/script>\\x3C!--"`);
  assert.equal(escapeScript(`a="</SCRIPT>"`), `a="\\x3C/SCRIPT>"`);
  assert.equal(escapeStyle(`a{content:"</style>"}`), `a{content:"\\3C/style>"}`);
  const html = inlineHtml(`x("</script>")`, `b{}`);
  assert.equal(html.match(/<\/script/gi)?.length, 1);
  assert.equal(html.match(/<\/style/gi)?.length, 1);
});

Deno.test("the inlined script writes characters beyond ASCII as UTF-8, not as escapes", () => {
  assert.equal(unescapeCharacters(String.raw`"f\xFCr \u0444\u4E2D\u2026"`), `"für ф中…"`);
  assert.equal(
    inlineHtml(String.raw`x("\u041F\u0440\u0438")`, "").match(/<script[^>]*>(.*)<\/script>/)?.[1],
    `x("При")`,
  );
  for (
    const kept of [
      String.raw`"\x41\u0041\x85\u009F"`, // ASCII, which may be syntax, and controls
      String.raw`/[\n\u2028\u2029]/`, // line and paragraph separators end a line
      String.raw`"\uD83D\uDE00"`, // surrogates
      String.raw`"\\u00E9\\xE9"`, // an escaped backslash, then text
    ]
  ) {
    assert.equal(unescapeCharacters(kept), kept);
  }
  assert.equal(unescapeCharacters(String.raw`"\\\u00E9"`), String.raw`"\\é"`);
  assert.equal(unescapeCharacters(String.raw`/[\u0300-\u036f]/`), "/[\u0300-\u036f]/");
});

// A string literal as a minifier writing ASCII writes it: every other character escaped.
const asciiLiteral = (text: string) =>
  `"${
    [...text].map((character) => {
      const code = character.charCodeAt(0);
      if (character.length > 1 || code > 0xff) {
        const units = character.split("");
        return units.map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`)
          .join("");
      }
      if (code < 0x20 || code > 0x7e) return `\\x${code.toString(16).padStart(2, "0")}`;
      return character === '"' || character === "\\" ? `\\${character}` : character;
    }).join("")
  }"`;

Deno.test("a string literal means the same text once its escapes are written out", () => {
  const evaluate = (literal: string): string => new Function(`return ${literal}`)();
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), (text) => {
      const literal = asciiLiteral(text);
      assert.equal(evaluate(literal), text);
      assert.equal(evaluate(unescapeCharacters(literal)), text);
    }),
    { numRuns: 1000 },
  );
});
