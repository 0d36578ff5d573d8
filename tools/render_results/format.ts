/**
 * The plain-text list of a `render_results` result, for clients that show no UI.
 *
 * Layout: the heading, then a blank line and one numbered entry per result: the title, the full URL
 * and the snippet, each on its own line. Only the heading and the entry numbers start at the first
 * column, so no string can pass for another entry:
 *
 * - A title or the heading is kept on one line: each line break in it becomes one space. A line
 *   break is CR LF, LF, VT, FF, CR, NEL (U+0085), LINE SEPARATOR (U+2028) or PARAGRAPH SEPARATOR
 *   (U+2029), the characters Unicode says always end a line (UAX #14); all are White_Space. Nothing
 *   else in a title changes.
 * - A snippet is split at the same line breaks and every line of it is indented under its entry,
 *   blank lines too. A snippet that is empty or blank (only Unicode White_Space, as the validator
 *   defines it) shows nothing, so the entry ends at its URL as if it had no snippet.
 * - URLs hold no whitespace (the validator refuses it), so each is one line as supplied.
 *
 * An empty list is the heading, a blank line and `No results to display.`
 * @module
 */

import { isBlank } from "./blank.ts";
import type { RenderOutput } from "./types.ts";

/** The text shown for an empty list, after the heading. */
const EMPTY_LIST_TEXT = "No results to display.";

// No `u` flag: every character here is in the BMP, so matching UTF-16 units finds the same breaks,
// and the scan is faster without it.
const LINE_BREAKS = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;
/** Whether a string has a line break: one character class, scanned faster than the above. */
const HAS_LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;

/** Formats the structured result as the numbered plain-text list. */
export function formatResultText(output: RenderOutput): string {
  const heading = oneLine(output.title);
  if (output.results.length === 0) return `${heading}\n\n${EMPTY_LIST_TEXT}`;
  // Joined, not concatenated: `+=` leaves a rope of a hundred pieces, which `JSON.stringify` of
  // the answer then flattens on its slower path; joining costs less than it saves there.
  const parts = [heading];
  for (let i = 0; i < output.results.length; i++) {
    const result = output.results[i];
    const number = `${i + 1}. `;
    const indent = " ".repeat(number.length);
    parts.push(`\n\n${number}${oneLine(result.title)}\n${indent}${result.url}`);
    if (result.text !== undefined && !isBlank(result.text)) {
      parts.push(`\n${indent}${breakLines(result.text, `\n${indent}`)}`);
    }
  }
  return parts.join("");
}

function oneLine(value: string): string {
  return breakLines(value, " ");
}

/** `value` with each line break replaced by `replacement`. Most strings have none. */
function breakLines(value: string, replacement: string): string {
  return HAS_LINE_BREAK.test(value) ? value.replace(LINE_BREAKS, replacement) : value;
}
