/**
 * The browser tests of the view, one `Deno.test` a case (`browser_suite.ts`): a test file's cases
 * share one `BrowserHost` (Chromium and its server).
 *
 * @module
 */
import assert from "node:assert/strict";
import axe from "axe-core";
import { BrowserHost, type ViewPage } from "./browser_host.ts";
import { browserSuite } from "./browser_suite.ts";
import type { OpenOptions, TestHost } from "./host_page.ts";
import { type Item, success } from "render-results-mcp/testing";

/** A light host that can open links, in US English, showing the view inline. */
export const LIGHT: OpenOptions = {
  capabilities: { openLinks: {} },
  context: { theme: "light", locale: "en-US", displayMode: "inline" },
};

const viewSuite = browserSuite(
  "the browser tests of the view",
  () => BrowserHost.start(),
  (host) => host.close(),
);

/**
 * The test `name`, for `Deno.test`: the view opened in the file's browser with `options`, run
 * through `fn`, then checked for console errors and CSP violations, and closed.
 */
export function viewCase(
  name: string,
  options: OpenOptions,
  fn: (page: ViewPage) => Promise<void>,
): Deno.TestDefinition {
  return viewSuite(name, async (host) => {
    const page = await host.open(options);
    try {
      await fn(page);
      assert.deepEqual(page.errors, [], "console errors or CSP violations");
    } finally {
      await page.close();
    }
  });
}

/** Waits until `fn`, run in the host page on its test host, returns true. */
export async function hostSees(p: ViewPage, fn: (host: TestHost) => boolean): Promise<void> {
  await p.page.waitForFunction(`(${fn})(globalThis.host)`, undefined, { timeout: 5_000 });
}

/**
 * Sends a successful result of `items` (made by `result`, the tool's own unless given), unfolds the
 * list where it opens folded, as a reader would, and waits until the view shows a card for each.
 */
export async function show(p: ViewPage, items: Item[], result = success): Promise<void> {
  await p.call("toolResult", result(items));
  await p.view.locator(".count").waitFor();
  const fold = p.view.locator("button.fold[aria-expanded=false]");
  if (await fold.count()) await fold.click();
  await p.view.waitForFunction(
    (count) => document.querySelectorAll(".card").length === count,
    items.length,
  );
}

/** The serious and critical violations axe-core finds in the view as it is now, one line each. */
export async function seriousViolations(p: ViewPage): Promise<string[]> {
  await p.view.evaluate(axe.source);
  return await p.view.evaluate(async () => {
    const { violations } = await (globalThis as unknown as { axe: typeof axe }).axe
      .run(document, { resultTypes: ["violations"] });
    return violations.filter((rule) => ["serious", "critical"].includes(rule.impact!))
      .map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target).join(" ")}`);
  });
}
