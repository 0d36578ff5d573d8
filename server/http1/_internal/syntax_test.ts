import assert from "node:assert/strict";
import {
  HttpError,
  isPercentEncodedOf,
  isToken,
  latin1,
  lineEnd,
  listElements,
  TARGET_CHAR,
  trimOws,
} from "./syntax.ts";

const bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

Deno.test("a token is one or more tchar", () => {
  for (const token of ["GET", "x-Custom_1", "!#$%&'*+-.^_`|~"]) assert.ok(isToken(token), token);
  for (const text of ["", "a b", "a:b", 'a"', "a(b)", "caf\xe9", "a\x7f"]) {
    assert.ok(!isToken(text), JSON.stringify(text));
  }
});

Deno.test("optional whitespace is SP and HTAB only, never VT, FF or NBSP", () => {
  assert.equal(trimOws(" \t a b \t "), "a b");
  for (const space of ["\x0b", "\x0c", "\xa0", "\r", "\n"]) {
    assert.equal(trimOws(`${space}3${space}`), `${space}3${space}`);
  }
});

Deno.test("list elements are split at commas, trimmed, and empty ones left out", () => {
  assert.deepEqual(listElements(" a ,, b\t,c ,"), ["a", "b", "c"]);
  assert.deepEqual(listElements(""), []);
});

Deno.test("percent escapes need two hex digits; other characters must be allowed", () => {
  assert.ok(isPercentEncodedOf("/a%2Fb?c=d&e", TARGET_CHAR));
  for (const text of ["/%", "/%2", "/%zz", "/a b", "/a\\b", "/a#b", "/\xe9"]) {
    assert.ok(!isPercentEncodedOf(text, TARGET_CHAR), JSON.stringify(text));
  }
});

Deno.test("latin1 maps each byte to the code point of its value", () => {
  assert.equal(latin1(bytes("a\x80\x9f\xff"), 0, 4), "a\x80\x9f\xff");
  assert.equal(latin1(bytes("abcd"), 1, 3), "bc");
  // Bytes that are valid UTF-8 too are still one character each.
  assert.equal(latin1(bytes("h\xc3\xa9"), 0, 3), "h\xc3\xa9");
});

Deno.test("a line ends at CRLF; a bare LF or CR is refused at once", () => {
  assert.equal(lineEnd(bytes("ab\r\ncd"), 0, 0, 6), 4);
  assert.equal(lineEnd(bytes("ab\r"), 0, 0, 3), -1);
  // Resuming where the last look stopped still sees a CR just before.
  assert.equal(lineEnd(bytes("ab\r\n"), 0, 3, 4), 4);
  for (const text of ["ab\ncd", "\n", "ab\rcd", "a\r\r\n"]) {
    assert.throws(
      () => lineEnd(bytes(text), 0, 0, text.length),
      (error: unknown) => error instanceof HttpError && error.status === 400,
      JSON.stringify(text),
    );
  }
});
