/**
 * The view checked by axe-core in Chromium under the real `AppBridge` (see
 * `support/view_suite.ts`), light and dark: the list with every control, then marked, expanded,
 * filtered, sorted and with the copy box open, then with no match.
 */
import assert from "node:assert/strict";
import { FINDABLE, ITEMS } from "render-results-mcp/testing";
import { seriousViolations, show, viewCase } from "./support/view_suite.ts";

for (const theme of ["light", "dark"] as const) {
  Deno.test(viewCase(`axe-core: no serious violation, ${theme}`, {
    capabilities: { openLinks: {}, downloadFile: {}, updateModelContext: { text: {} } },
    context: {
      theme,
      locale: "en-US",
      displayMode: "inline",
      availableDisplayModes: ["inline", "fullscreen"],
    },
  }, async (p) => {
    await p.page.emulateMedia({ colorScheme: theme });
    const background = theme === "dark" ? "rgb(33, 33, 33)" : "rgb(255, 255, 255)";
    await p.page.evaluate((color) => document.body.style.background = color, background);
    try {
      await show(p, [...FINDABLE, { ...ITEMS[0], title: "A long snippet" }]);
      // axe-core sees only the frame, whose root is transparent: it gets the host page's
      // colour, which shows through, to judge contrast against what a person sees.
      await p.view.evaluate((color) => {
        document.documentElement.style.background = color;
      }, background);
      const serious = () => seriousViolations(p);
      assert.deepEqual(await serious(), [], "the list with every control");
      await p.view.getByRole("button", { name: "Mark 2 for the assistant" }).click();
      await p.view.getByRole("button", { name: "Show more" }).first().click();
      await p.view.getByRole("searchbox").fill("a");
      await p.view.getByRole("button", { name: "Newest first" }).click();
      await p.view.getByRole("button", { name: "Copy link 3" }).click();
      await p.view.locator(".copybox textarea").waitFor();
      assert.deepEqual(await serious(), [], "marked, expanded, filtered, sorted, copy box");
      await p.view.getByRole("searchbox").fill("no such thing");
      await p.view.locator(".empty").waitFor();
      assert.deepEqual(await serious(), [], "no match");
    } finally {
      await p.page.emulateMedia({ colorScheme: null });
      await p.page.evaluate(() => document.body.style.background = "");
    }
  }));
}
