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

/** The view's HTML document with `js` and `css` inlined. */
export function inlineHtml(js: string, css: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><title>Results</title>` +
    `<style>${escapeStyle(css.trim())}</style></head>` +
    `<body><main id="root"></main><script type="module">${escapeScript(js.trim())}</script>` +
    `</body></html>\n`;
}
