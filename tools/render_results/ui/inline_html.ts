/**
 * Puts the view's script and style sheet into one self-contained HTML document.
 *
 * @module
 */

/** Escapes `js` so it cannot end its `<script>` element early (or open an HTML comment in it). */
export function escapeScript(js: string): string {
  return js.replace(/<(\/script|!--)/gi, "\\x3C$1");
}

/** Escapes `css` so it cannot end its `<style>` element early. */
export function escapeStyle(css: string): string {
  return css.replace(/<\/style/gi, "\\3C/style");
}

// A `\xHH` or `\uHHHH` escape, not itself escaped: after an even run of backslashes.
const CHARACTER_ESCAPE = /(?<!\\)((?:\\\\)*)\\(?:x([\da-f]{2})|u([\da-f]{4}))/gi;

/**
 * `js` with the escapes a minifier writes for characters beyond ASCII (`\xE9`, `\u00E9`) written
 * as the characters themselves, for a document declared UTF-8: a message in Cyrillic or Chinese
 * then costs its UTF-8 bytes, not six bytes a character. Controls, line and paragraph
 * separators, and surrogates stay escaped; so do ASCII characters, which in a regular expression
 * could be syntax.
 */
export function unescapeCharacters(js: string): string {
  return js.replace(CHARACTER_ESCAPE, (escape, backslashes: string, byte, unit) => {
    const code = parseInt(byte ?? unit, 16);
    const keep = code < 0xa0 || code === 0x2028 || code === 0x2029 ||
      (code >= 0xd800 && code <= 0xdfff);
    return keep ? escape : backslashes + String.fromCharCode(code);
  });
}

/** The view's HTML document with `js` and `css` inlined. */
export function inlineHtml(js: string, css: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><title>Results</title>` +
    `<style>${escapeStyle(css.trim())}</style></head>` +
    `<body><main id="root"></main><script type="module">${
      escapeScript(unescapeCharacters(js.trim()))
    }</script>` +
    `</body></html>\n`;
}
