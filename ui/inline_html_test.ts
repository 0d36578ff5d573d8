/**
 * Inlining the script and style sheet into the view's document.
 */

import assert from "node:assert/strict";
import { escapeScript, escapeStyle, inlineHtml } from "./inline_html.ts";

Deno.test("inlined script and style cannot close their elements early", () => {
  assert.equal(escapeScript(`a="</script><!--"`), `a="\\x3C/script>\\x3C!--"`);
  assert.equal(escapeScript(`a="</SCRIPT>"`), `a="\\x3C/SCRIPT>"`);
  assert.equal(escapeStyle(`a{content:"</style>"}`), `a{content:"\\3C/style>"}`);
  const html = inlineHtml(`x("</script>")`, `b{}`);
  assert.equal(html.match(/<\/script/gi)?.length, 1);
  assert.equal(html.match(/<\/style/gi)?.length, 1);
});
