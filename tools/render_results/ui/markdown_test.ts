/**
 * The Markdown list the view copies.
 */

import assert from "node:assert/strict";
import { resultItem } from "./testing.ts";
import { escapeMarkdown, markdownList } from "./markdown.ts";

Deno.test("the Markdown list keeps the numbers, and no title can break its link", () => {
  const tricky = "A [tricky] *title* with `code`, <b>, & | pipes_ \\ and ~~strike~~";
  assert.equal(
    escapeMarkdown(tricky),
    "A \\[tricky\\] \\*title\\* with \\`code\\`, \\<b\\>, \\& \\| pipes\\_ \\\\ and \\~\\~strike\\~\\~",
  );
  assert.equal(escapeMarkdown("two\nlines](x)"), "two lines\\](x)");
  assert.equal(
    markdownList([
      resultItem(1, { title: tricky, url: "https://en.wikipedia.org/wiki/Deno_(software)" }),
      resultItem(3, { title: "Plain", url: "https://example.com/a b?q=1" }),
      resultItem(4, { title: "Not a link", url: "javascript:alert(1)" }),
      resultItem(5, { title: "", url: "https://example.org/" }),
    ]),
    [
      `1. [${escapeMarkdown(tricky)}](https://en.wikipedia.org/wiki/Deno_\\(software\\))`,
      "3. [Plain](https://example.com/a%20b?q=1)",
      "4. Not a link",
      "5. [https://example.org/](https://example.org/)",
    ].join("\n"),
  );
});
