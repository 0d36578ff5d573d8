import assert from "node:assert/strict";
import fc from "fast-check";
import { stringifyInPieces } from "./json.ts";

Deno.test("the text made in pieces is JSON.stringify's, for any JSON and what JSON leaves out", () => {
  const leftOut = fc.constantFrom(undefined, () => {}, Symbol("s"));
  const value = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      fc.jsonValue(),
      // Long strings, with pairs, lone halves and characters to escape where pieces meet.
      fc.string({
        unit: fc.constantFrom("a", "\u00e9", "\u2019", "\ud83d\ude00", "\ud800", '"', "\n"),
        minLength: 4000,
        maxLength: 9000,
      }),
      leftOut,
      fc.constant(new Date(0)),
      fc.constant({ toJSON: () => "own" }),
      fc.array(tie("value")),
      fc.dictionary(fc.string(), tie("value")),
    ),
  })).value;
  fc.assert(fc.property(value, (input) => {
    assert.equal(stringifyInPieces(input), JSON.stringify(input));
  }));
});

Deno.test("keys come in JSON.stringify's order, index-like keys first", () => {
  const input = { b: 1, 2: [undefined], a: { "1": null, z: "\u2028" } };
  assert.equal(stringifyInPieces(input), JSON.stringify(input));
});
