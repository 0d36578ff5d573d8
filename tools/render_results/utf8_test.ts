import assert from "node:assert/strict";
import fc from "fast-check";
import { utf8ByteLength } from "./utf8.ts";

const encoder = new TextEncoder();

Deno.test("utf8ByteLength counts what TextEncoder writes", () => {
  for (
    const text of ["", "a", "é", "—", "日本", "😀", "a\u{10FFFF}b", "\uD800", "\uDC00x", "\uD83D"]
  ) {
    assert.equal(utf8ByteLength(text), encoder.encode(text).byteLength, JSON.stringify(text));
  }
});

Deno.test("utf8ByteLength agrees with TextEncoder on any string, lone surrogates included", () => {
  const units = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.string({ unit: "grapheme-composite" }),
    fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    }),
  );
  fc.assert(
    fc.property(units, (text) => utf8ByteLength(text) === encoder.encode(text).byteLength),
    { numRuns: 5_000 },
  );
});
