/** "Blank" is exactly Unicode White_Space, over every code point. */

import assert from "node:assert/strict";
import { isBlank } from "./blank.ts";

/** Every Unicode White_Space code point (PropList.txt). */
const WHITE_SPACE = [
  ...[0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003],
  ...[0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f],
  0x3000,
];

Deno.test("a single code point is blank exactly when it is White_Space", () => {
  const blank: number[] = [];
  for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
    if (isBlank(String.fromCodePoint(codePoint))) blank.push(codePoint);
  }
  assert.deepEqual(blank, WHITE_SPACE);
});

Deno.test("a string is blank when empty or made only of White_Space", () => {
  assert.equal(isBlank(""), true);
  assert.equal(isBlank(String.fromCodePoint(...WHITE_SPACE)), true);
  assert.equal(isBlank("\r\n\t \u3000"), true);
  for (const visible of ["a", "\u200b", "\ufeff", "\u180e", "\u00ad", "\ud800", "\udc00", "😀"]) {
    assert.equal(isBlank(` ${visible}\n`), false, JSON.stringify(visible));
  }
});
