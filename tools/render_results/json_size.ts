/**
 * The size of a JSON value's text: counted without writing the text, or bounded by the text it
 * was parsed from.
 * @module
 */

/**
 * The JSON text a value was parsed from, by its size: text decoded from valid UTF-8 only, so that
 * it takes exactly the bytes it came from (a decoder puts U+FFFD, three bytes, in place of each
 * invalid byte).
 */
export interface JsonSource {
  /** How many bytes of UTF-8 the text is. */
  byteLength: number;
}

/**
 * Whether `JSON.stringify` of a value parsed from the text `source` describes, or from a part
 * of it, takes at most `limit` bytes in UTF-8; false when the source cannot say.
 * `numbersGrowth` is the most the value's numbers may grow: for each, its length as
 * `JSON.stringify` writes it, less one (the least any number takes in the text).
 *
 * Written again, JSON text only shrinks or keeps its length but for numbers: escapes become the
 * characters they stand for or stay as they are, and whitespace and a duplicate key's earlier
 * values go, while a number in exponent form may grow (`1e5` becomes `100000`).
 */
export function sourceBoundsJson(
  source: JsonSource,
  numbersGrowth: number,
  limit: number,
): boolean {
  return source.byteLength + numbersGrowth <= limit;
}

/**
 * Characters `JSON.stringify` writes as they are and UTF-8 writes in one byte: printable ASCII
 * but the quote and the backslash. A string of only these takes its length plus two quotes.
 */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * The number of bytes `JSON.stringify(value)` takes in UTF-8, for a value made of strings,
 * finite numbers, booleans, null, arrays and plain objects, as `JSON.parse` makes them. An
 * object's keys whose value is `undefined` are left out, as `JSON.stringify` leaves them out.
 *
 * Counting this way allocates nothing, where writing the text first would make a string of it
 * (two bytes per character once one is outside Latin-1), and it is faster.
 */
export function jsonByteLength(value: unknown): number {
  switch (typeof value) {
    case "string":
      return stringByteLength(value);
    case "number":
    case "boolean":
      return String(value).length;
    case "object":
      if (value === null) return 4;
      if (Array.isArray(value)) {
        let bytes = 1 + Math.max(value.length, 1);
        for (let i = 0; i < value.length; i++) bytes += jsonByteLength(value[i]);
        return bytes;
      }
      return objectByteLength(value as Record<string, unknown>);
    default:
      throw new TypeError(`jsonByteLength takes JSON values only, not ${typeof value}.`);
  }
}

function objectByteLength(object: Record<string, unknown>): number {
  let bytes = 2;
  let members = 0;
  for (const key of Object.keys(object)) {
    const member = object[key];
    if (member === undefined) continue;
    // The key, its colon and, after the first member, the comma before it.
    bytes += stringByteLength(key) + 1 + (members++ > 0 ? 1 : 0) + jsonByteLength(member);
  }
  return bytes;
}

/** The UTF-8 bytes of `text` as a JSON string: its quotes, escapes and characters. */
function stringByteLength(text: string): number {
  if (PLAIN.test(text)) return text.length + 2;
  let bytes = text.length + 2;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20) {
      // \b \t \n \f \r take two characters; any other control character six (\u00XX).
      bytes += unit === 8 || unit === 9 || unit === 10 || unit === 12 || unit === 13 ? 1 : 5;
    } else if (unit < 0x80) {
      if (unit === 0x22 || unit === 0x5c) bytes += 1;
    } else if (unit < 0x800) {
      bytes += 1;
    } else if (unit < 0xd800 || unit > 0xdfff) {
      bytes += 2;
    } else if (
      unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    ) {
      // A surrogate pair: two units, four bytes.
      bytes += 2;
      i++;
    } else {
      // A lone surrogate is written as \uXXXX.
      bytes += 5;
    }
  }
  return bytes;
}
