/**
 * The view under the runtimes hosts offer, and under hosts that offer less (see
 * `support/view_suite.ts`): the ChatGPT Apps SDK runtime (`window.openai`) where no MCP Apps
 * bridge answers, no host at all, a host that answers links with an error, and a narrow frame
 * that follows the window.
 */
import assert from "node:assert/strict";
import { VIEW_RESOURCE } from "render-results-mcp";
import type { OpenOptions } from "./support/host_page.ts";
import { FINDABLE, ITEMS, success } from "render-results-mcp/testing";
import { hostSees, LIGHT, show, viewCase } from "./support/view_suite.ts";

/** What the view says when no host answered at all. */
const ALONE = "No results arrived from the app.";

/** A host that emulates ChatGPT: `window.openai` with the result, and no MCP Apps bridge. */
const openai = (globals: Record<string, unknown>, failLinks = false): OpenOptions => ({
  runtime: "openai",
  openai: { globals, failLinks },
  capabilities: {},
  context: {},
});

const OUTPUT = success(ITEMS).structuredContent;

/** The permissions the view's resource asks its host for (the clipboard). */
const VIEW_PERMISSIONS = (VIEW_RESOURCE._meta?.ui as { permissions?: OpenOptions["permissions"] })
  .permissions;

Deno.test(viewCase(
  "ChatGPT runtime: the output at load, in the runtime's theme, and the height reported",
  openai({ toolOutput: OUTPUT, theme: "dark", locale: "en-US", displayMode: "inline" }),
  async (p) => {
    await p.view.locator(".card").nth(2).waitFor();
    assert.equal(await p.view.locator("h1").textContent(), "Search results");
    assert.deepEqual(
      await p.view.locator(".card .title").allTextContents(),
      ITEMS.map((item) => item.title),
    );
    assert.equal(await p.view.getAttribute("html", "data-theme"), "dark");
    await hostSees(
      p,
      (host) => host.openaiCalls().some((c) => c.method === "notifyIntrinsicHeight"),
    );
    const heights = (await p.call("openaiCalls"))
      .filter((call) => call.method === "notifyIntrinsicHeight").map((call) => call.args);
    const content = await p.view.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height)
    );
    assert.equal(heights.at(-1), content);
    // No marks: the runtime takes no model context from the view.
    assert.equal(await p.view.locator(".mark").count(), 0);
  },
));

Deno.test(viewCase(
  "ChatGPT runtime: the arguments preview the list until the output settles it",
  openai({ toolInput: { results: ITEMS.slice(0, 2), title: "Search results" }, toolOutput: null }),
  async (p) => {
    await p.waitForText("[role=status]", "Preparing results…");
    assert.equal(await p.view.locator(".card").count(), 2);
    await p.call("openaiGlobals", { toolOutput: OUTPUT, theme: "light" });
    await p.waitForText("[role=status]", "Results ready");
    assert.equal(await p.view.locator(".card").count(), 3);
    assert.equal(await p.view.getAttribute("html", "data-theme"), "light");
  },
));

Deno.test(viewCase(
  "ChatGPT runtime: a change of theme keeps the filter the user typed",
  openai({ toolOutput: success(FINDABLE).structuredContent, theme: "light" }),
  async (p) => {
    await p.view.getByRole("searchbox").fill("gazette");
    await p.waitForText(".count", "1 of 8 results");
    await p.call("openaiGlobals", { theme: "dark" });
    await p.view.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    assert.equal(await p.view.getByRole("searchbox").inputValue(), "gazette");
    assert.equal(await p.view.locator(".count").textContent(), "1 of 8 results");
  },
));

Deno.test(viewCase(
  "ChatGPT runtime: links through openExternal, full screen through requestDisplayMode",
  openai({ toolOutput: OUTPUT, displayMode: "inline" }),
  async (p) => {
    await p.view.locator(".card").nth(2).waitFor();
    await p.view.locator("a").nth(1).click();
    await hostSees(p, (host) => host.openaiCalls().some((c) => c.method === "openExternal"));
    const opened = (await p.call("openaiCalls")).find((call) => call.method === "openExternal");
    assert.deepEqual(opened?.args, { href: ITEMS[1].url });
    assert.equal(p.page.context().pages().length, 1, "no window opened by the view itself");

    await p.view.getByRole("button", { name: "Full screen" }).click();
    await p.waitForText(".tools button:last-child", "Exit full screen");
    assert.equal(await p.view.getAttribute("html", "data-mode"), "fullscreen");
    const asked = (await p.call("openaiCalls")).filter((c) => c.method === "requestDisplayMode");
    assert.deepEqual(asked.map((call) => call.args), [{ mode: "fullscreen" }]);
  },
));

Deno.test(viewCase(
  "ChatGPT runtime: a link the runtime fails to open is shown to copy",
  openai({ toolOutput: OUTPUT }, true),
  async (p) => {
    await p.view.locator(".card").nth(2).waitFor();
    await p.view.locator("a").nth(2).click();
    const area = p.view.locator(".card").nth(2).locator(".copybox textarea");
    await area.waitFor();
    assert.equal(await area.inputValue(), ITEMS[2].url);
    assert.match(await p.view.locator(".copybox label").textContent() ?? "", /did not open/);
  },
));

Deno.test(viewCase(
  "no host: the view says what it waits for, then that nothing arrived",
  { runtime: "none", capabilities: {}, context: {} },
  async (p) => {
    const status = p.view.locator("[role=status]");
    await p.view.waitForFunction(() => document.querySelector("[role=status]")?.textContent);
    assert.match(await status.textContent() ?? "", /^Waiting for the results…$|^No results/);
    await p.view.waitForFunction(
      (text) => document.querySelector("[role=status]")?.textContent === text,
      ALONE,
      { timeout: 30_000 },
    );
    assert.ok(await status.isVisible());
    const height = await p.view.evaluate(() =>
      document.documentElement.getBoundingClientRect().height
    );
    assert.ok(height > 0 && height < 150, `${height} px: one short line, no blank box`);
  },
));

Deno.test(viewCase(
  "the document opened on its own says at once that no host framed it",
  LIGHT,
  async (p) => {
    const page = await p.page.context().browser()!.newPage();
    try {
      await page.goto(new URL("/view.html", p.page.url()).href);
      await page.waitForFunction(
        (text) => document.querySelector("[role=status]")?.textContent === text,
        ALONE,
      );
    } finally {
      await page.close();
    }
  },
));

Deno.test(viewCase(
  "a link the host answers with an error is shown to copy",
  { ...LIGHT, refuseLinks: true },
  async (p) => {
    await show(p, ITEMS);
    await p.view.locator("a").nth(0).click();
    await hostSees(p, (host) => host.links().length === 1);
    const area = p.view.locator(".card").nth(0).locator(".copybox textarea");
    await area.waitFor();
    assert.equal(await area.inputValue(), ITEMS[0].url);
    assert.equal(await area.evaluate((e) => e === document.activeElement), true);
    await p.page.keyboard.press("Escape");
    await area.waitFor({ state: "detached" });
    assert.equal(await p.view.evaluate(() => document.activeElement?.textContent), ITEMS[0].title);
  },
));

Deno.test(viewCase(
  "sizes: the height alone, so a frame sized from it follows a narrower window",
  LIGHT,
  async (p) => {
    await show(p, ITEMS);
    await hostSees(p, (host) => host.sizes().length > 0);
    assert.ok((await p.call("sizes")).every((size) => size.width === undefined));
    const before = (await p.call("sizes")).at(-1)!.height!;
    await p.page.evaluate(() => document.querySelector("iframe")!.style.width = "392px");
    await p.view.waitForFunction(() => innerWidth === 392);
    // Narrower, the text takes more lines, and the view says how tall it is now.
    await hostSees(p, (host) => (host.sizes().at(-1)?.height ?? 0) > 0);
    await p.view.waitForFunction(
      (before) => Math.ceil(document.documentElement.getBoundingClientRect().height) !== before,
      before,
    );
    const overflow = await p.view.evaluate(() =>
      document.documentElement.scrollWidth - document.documentElement.clientWidth
    );
    assert.equal(overflow, 0, "nothing is cut off at the right");
  },
));

const narrow: OpenOptions = { ...LIGHT, width: 392 };

Deno.test(viewCase(
  "a notice never squeezes the heading's controls in a 392 px frame",
  { ...narrow, permissions: VIEW_PERMISSIONS },
  async (p) => {
    await show(p, ITEMS);
    const lines = () =>
      p.view.locator(".head button").evaluateAll((buttons) =>
        buttons.map((button) => [button.textContent, button.clientHeight])
      );
    const head = () => p.view.locator(".head").evaluate((element) => element.clientHeight);
    const [before, height] = [await lines(), await head()];
    await p.view.getByRole("button", { name: "Copy list" }).click();
    await p.waitForText(".notice", "List copied as Markdown");
    assert.deepEqual(await lines(), before, "each control keeps its one line");
    assert.equal(await head(), height);
    const overflow = await p.view.evaluate(() =>
      document.documentElement.scrollWidth - document.documentElement.clientWidth
    );
    assert.equal(overflow, 0);
  },
));

Deno.test(viewCase(
  "the copy box shows a long link whole, over as many lines as it wraps to",
  narrow,
  async (p) => {
    const long = {
      title: "A long address",
      url: `https://example.com/${"path-segment/".repeat(6)}?query=${"value".repeat(4)}`,
    };
    await show(p, [long]);
    await p.view.getByRole("button", { name: "Copy link 1" }).click();
    const area = p.view.locator(".copybox textarea");
    await area.waitFor();
    const { scroll, client } = await area.evaluate((e) => ({
      scroll: e.scrollHeight,
      client: e.clientHeight,
    }));
    assert.ok(client >= 36, `${client} px: the wrapped link takes more than one line`);
    assert.ok(scroll <= client, `${scroll} > ${client}: part of the link is hidden`);
  },
));
