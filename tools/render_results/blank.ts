/**
 * What "blank" means for every `render_results` string: nothing but Unicode White_Space.
 *
 * The validator refuses blank titles, headings and ids with it, and the text list leaves out a
 * blank snippet with it, so both agree on one definition. White_Space is the Unicode property
 * (PropList.txt): tab, the line breaks, space, NEL, no-break spaces and the other space
 * separators. Zero-width and other invisible format characters (U+200B, U+FEFF) are not
 * White_Space, so a string of them is not blank.
 * @module
 */

const NOT_WHITE_SPACE = /\P{White_Space}/u;

/** Whether `value` is empty or holds only Unicode White_Space characters. */
export function isBlank(value: string): boolean {
  // Most strings start with a printable ASCII character, none of which is White_Space.
  const first = value.charCodeAt(0);
  if (first > 0x20 && first < 0x7f) return false;
  return !NOT_WHITE_SPACE.test(value);
}
