/**
 * Plain-text helpers shared by what the view writes out (Markdown, model context).
 *
 * @module
 */

// Every line break the tool's text list treats as one.
const LINE_BREAKS = /[\n\v\f\r\u0085\u2028\u2029]+/g;

/** `text` on one line: each run of line breaks becomes a space; ends trimmed. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKS, " ").trim();
}
