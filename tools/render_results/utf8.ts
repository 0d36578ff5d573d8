/**
 * The UTF-8 size of a string, counted without encoding it.
 * @module
 */

/**
 * The number of bytes `text` takes in UTF-8, as `TextEncoder` would write it: a lone surrogate
 * counts as the three bytes of U+FFFD that replaces it.
 */
export function utf8ByteLength(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) continue;
    if (unit < 0x800) {
      bytes += 1;
    } else if (
      unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00
    ) {
      // A surrogate pair: two code units, four bytes.
      bytes += 2;
      index++;
    } else {
      bytes += 2;
    }
  }
  return bytes;
}
