import assert from "node:assert/strict";
import fc from "fast-check";
import { jsonByteLength } from "./json_size.ts";

const encoder = new TextEncoder();
const written = (value: unknown) => encoder.encode(JSON.stringify(value)).byteLength;

/** Strings of any UTF-16 units: escapes, every plane, lone surrogates. */
const anyString = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme-composite" }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
);

Deno.test("jsonByteLength counts what JSON.stringify writes, in UTF-8", () => {
  const values: unknown[] = [
    "",
    "plain",
    'a "quoted" \\ path',
    "\b\t\n\f\r\x00\x1f\x7f",
    "é—日本😀",
    "\uD800",
    "\uDC00x",
    "a\uD83D",
    "\uD800a\uDC00",
    "x \uD83D\uDE00 y \u00e9\u2028\x7f",
    0,
    -0,
    1e21,
    -1.5e-7,
    123456789.125,
    true,
    false,
    null,
    [],
    [1],
    [1, "two", [null]],
    {},
    { a: 1 },
    { "": "", 'k"ey': ["x"], nested: { deeper: [{}, []] } },
    { kept: 1, left: undefined, also: 2 },
    { only: undefined },
  ];
  for (const value of values) {
    assert.equal(jsonByteLength(value), written(value), JSON.stringify(value));
  }
});

Deno.test("jsonByteLength agrees with JSON.stringify on any JSON value", () => {
  const json = fc.jsonValue({ maxDepth: 4, stringUnit: "binary" });
  const withStrings = fc.dictionary(anyString, fc.oneof(anyString, json), { maxKeys: 6 });
  fc.assert(
    fc.property(fc.oneof(json, withStrings), (value) => jsonByteLength(value) === written(value)),
    { numRuns: 5_000 },
  );
});
