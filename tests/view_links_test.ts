/**
 * What the view asks of its host, in Chromium under the real `AppBridge` (see
 * `support/view_suite.ts`): opening links, full screen, and marks sent as model context.
 */
import assert from "node:assert/strict";
import { ITEMS, success } from "render-results-mcp/testing";
import { hostSees, LIGHT, show, viewCase } from "./support/view_suite.ts";

Deno.test(viewCase("links open through the host when it can open links", LIGHT, async (p) => {
  await p.call("toolResult", success(ITEMS));
  const link = p.view.locator("a").nth(1);
  await link.click();
  await hostSees(p, (host) => host.links().length > 0);
  assert.deepEqual(await p.call("links"), [ITEMS[1].url]);
  await link.press("Enter");
  await hostSees(p, (host) => host.links().length > 1);
  assert.deepEqual(await p.call("links"), [ITEMS[1].url, ITEMS[1].url]);
  assert.equal(p.page.context().pages().length, 1, "no window opened by the view itself");
}));

const plain = { ...LIGHT, capabilities: {}, sandbox: "allow-scripts allow-popups" };
Deno.test(viewCase("links are plain links when the host cannot open links", plain, async (p) => {
  const context = p.page.context();
  await context.route(ITEMS[1].url, (route) => route.fulfill({ body: "ok" }));
  await p.call("toolResult", success(ITEMS));
  const link = p.view.locator("a").nth(1);
  assert.equal(await link.getAttribute("target"), "_blank");
  assert.equal(await link.getAttribute("rel"), "noopener noreferrer");
  const [popup] = await Promise.all([p.page.waitForEvent("popup"), link.click()]);
  await popup.waitForLoadState();
  assert.equal(popup.url(), ITEMS[1].url);
  assert.equal(await popup.evaluate(() => globalThis.opener), null);
  assert.deepEqual(await p.call("links"), []);
  await popup.close();
  await context.unrouteAll();
}));

Deno.test(viewCase("full screen: offered only when the host lists it", LIGHT, async (p) => {
  await show(p, ITEMS);
  assert.equal(await p.view.getByRole("button", { name: /full screen/i }).count(), 0);
  await p.call("contextChanged", { availableDisplayModes: ["inline", "pip"] });
  await p.call("ping");
  assert.equal(await p.view.getByRole("button", { name: /full screen/i }).count(), 0);
}));

Deno.test(viewCase("full screen: requested from the host, the host's mode reflected", {
  ...LIGHT,
  context: { ...LIGHT.context, availableDisplayModes: ["inline", "fullscreen"] },
}, async (p) => {
  await p.call("toolResult", success(ITEMS));
  const button = p.view.getByRole("button", { name: /full screen/i });
  await button.waitFor();
  assert.equal(await button.textContent(), "Full screen");
  assert.equal(await p.view.getAttribute("html", "data-mode"), "inline");
  await button.click();
  await p.waitForText(".tools button:last-child", "Exit full screen");
  assert.deepEqual(await p.call("displayModes"), ["fullscreen"]);
  assert.equal(await p.view.getAttribute("html", "data-mode"), "fullscreen");
  await button.click();
  await p.waitForText(".tools button:last-child", "Full screen");
  assert.deepEqual(await p.call("displayModes"), ["fullscreen", "inline"]);
  assert.equal(await p.view.getAttribute("html", "data-mode"), "inline");
  await p.call("contextChanged", { displayMode: "fullscreen" });
  await p.waitForText(".tools button:last-child", "Exit full screen");
}));

Deno.test(viewCase("marks: hidden when the host takes no model context", LIGHT, async (p) => {
  await show(p, ITEMS);
  assert.equal(await p.view.locator(".mark").count(), 0);
}));

Deno.test(viewCase("marks: the marked results go to the model context", {
  ...LIGHT,
  capabilities: { openLinks: {}, updateModelContext: { text: {} } },
}, async (p) => {
  await p.call("toolResult", success(ITEMS));
  const mark = (n: number) => p.view.getByRole("button", { name: `Mark ${n} for the assistant` });
  const said = (text: string) => ({ content: [{ type: "text", text }] });
  await mark(3).click();
  await mark(1).click();
  await hostSees(p, (host) => host.modelContexts().length === 2);
  assert.deepEqual(
    (await p.call("modelContexts"))[1],
    said(
      'The user marked 2 of the 3 results of render_results ("Search results"):\n' +
        `[1] ${ITEMS[0].title} — ${ITEMS[0].url}\n[3] ${ITEMS[2].title} — ${ITEMS[2].url}`,
    ),
  );
  assert.equal(await mark(1).getAttribute("aria-pressed"), "true");
  assert.equal(await mark(2).getAttribute("aria-pressed"), "false");
  assert.equal(await p.view.locator(".count").textContent(), "3 results · 2 marked");
  await mark(1).click();
  await mark(3).click();
  await hostSees(p, (host) => host.modelContexts().length === 4);
  assert.deepEqual(
    (await p.call("modelContexts"))[3],
    said('The user has marked none of the 3 results of render_results ("Search results").'),
  );
  await mark(2).click();
  await p.call("toolResult", success(ITEMS, "Second call"));
  await p.waitForText("h1", "Second call");
  assert.equal(await mark(2).getAttribute("aria-pressed"), "false", "a new list, no marks");
}));

Deno.test(viewCase("marks: structured content too when the host takes it", {
  ...LIGHT,
  capabilities: { updateModelContext: { text: {}, structuredContent: {} } },
}, async (p) => {
  await p.call("toolResult", success(ITEMS));
  await p.view.getByRole("button", { name: "Mark 2 for the assistant" }).click();
  await hostSees(p, (host) => host.modelContexts().length === 1);
  const [update] = await p.call("modelContexts");
  assert.deepEqual(update.structuredContent, {
    marked: [{ number: 2, title: ITEMS[1].title, url: ITEMS[1].url }],
  });
}));
