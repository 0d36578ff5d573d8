/**
 * The view's states in Chromium under the real `AppBridge` (see `support/view_suite.ts`): the
 * handshake, streaming arguments, the ready list, and the empty, error and cancelled states.
 */
import assert from "node:assert/strict";
import { ITEMS, success } from "render-results-mcp/testing";
import { LIGHT, viewCase } from "./support/view_suite.ts";

Deno.test(
  viewCase("handshake: initialize, apply the host context, initialized", LIGHT, async (p) => {
    const [initialize, initialized] = await p.call("received");
    assert.deepEqual(initialize, {
      jsonrpc: "2.0",
      id: 1,
      method: "ui/initialize",
      params: {
        protocolVersion: "2026-01-26",
        appInfo: { name: "render-results-view", version: "1.0.0" },
        appCapabilities: { availableDisplayModes: ["inline", "fullscreen"] },
      },
    });
    assert.deepEqual(initialized, { jsonrpc: "2.0", method: "ui/notifications/initialized" });
    assert.deepEqual(await p.call("app"), {
      info: { name: "render-results-view", version: "1.0.0" },
      capabilities: { availableDisplayModes: ["inline", "fullscreen"] },
    });
    assert.equal(await p.view.getAttribute("html", "data-theme"), "light");
    assert.deepEqual(await p.call("ping"), {});
    // Until the tool's arguments arrive, the view says what it waits for.
    const status = p.view.locator("[role=status]");
    assert.equal(await status.textContent(), "Waiting for the results…");
    assert.ok(await status.isVisible());
    assert.deepEqual(await p.call("teardown"), {});
  }),
);

Deno.test(
  viewCase("ready: the heading, the count and numbered cards in order", LIGHT, async (p) => {
    await p.call("toolInput", { results: ITEMS, title: "Search results" });
    const result = success(ITEMS);
    await p.call("toolResult", result);
    await p.waitForText("[role=status]", "Results ready");
    const status = p.view.locator("[role=status]");
    assert.equal(
      await status.evaluate((e) => e.getBoundingClientRect().width),
      1,
      "visually hidden",
    );
    assert.equal(await p.view.locator("h1").textContent(), "Search results");
    assert.equal(await p.view.locator(".count").textContent(), "3 results");
    const cards = p.view.locator("ol > li");
    assert.equal(await cards.count(), 3);
    const listed = [...result.content[0].text.matchAll(/^(\d+)\. (.*)$/gm)];
    for (const [index, item] of ITEMS.entries()) {
      const card = cards.nth(index);
      const number = await card.locator(":scope > :first-child").textContent();
      assert.equal(number, String(index + 1), "each card starts with its number");
      assert.deepEqual([number, item.title], listed[index].slice(1), "the text list agrees");
      const link = card.locator("a");
      assert.equal(await link.textContent(), item.title);
      assert.equal(await link.getAttribute("href"), new URL(item.url).href);
      assert.equal(await card.locator(".url").textContent(), item.url);
      assert.equal(
        await card.locator(".site").textContent(),
        new URL(item.url).hostname.replace(/^www\./, ""),
      );
    }
    const gap = success(ITEMS);
    (gap.structuredContent.results as unknown[])[1] = null;
    await p.call("toolResult", gap);
    await p.view.locator(".card").nth(1).waitFor();
    await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 2);
    assert.deepEqual(await p.view.locator(".num").allTextContents(), ["1", "3"]);
  }),
);

Deno.test(viewCase(
  "streaming: cards appear from partial arguments, then settle",
  LIGHT,
  async (p) => {
    await p.call("toolInputPartial", {
      title: "Sear",
      results: [
        { title: ITEMS[0].title, url: ITEMS[0].url, text: "Deno 2 is back" },
        { url: "https://preactjs.com/" },
        { title: "MCP Apps spe", url: "https:/" },
      ],
    });
    await p.waitForText("[role=status]", "Preparing results…");
    await p.waitForText("h1", "Sear");
    const cards = p.view.locator(".card");
    await cards.nth(1).waitFor();
    assert.deepEqual(await p.view.locator(".num").allTextContents(), ["1", "3"]);
    assert.deepEqual(await p.view.locator(".title").allTextContents(), [
      ITEMS[0].title,
      "MCP Apps spe",
    ]);
    assert.equal(await cards.nth(0).locator("a").getAttribute("href"), ITEMS[0].url);
    assert.equal(await cards.nth(1).locator("a").count(), 0, "no link without a whole URL");
    assert.equal(await p.view.locator(".count, .mark, .copy").count(), 0, "not final yet");

    await p.call("toolInputPartial", {
      title: "Search results",
      results: [ITEMS[0], { title: "Pre", url: "https://preactjs.com/" }, ITEMS[2]],
    });
    await p.waitForText(".card:nth-child(2) .title", "Pre");
    await p.call("toolInput", { title: "Search results", results: ITEMS });
    await p.waitForText(".card:nth-child(2) .title", ITEMS[1].title);
    assert.equal(await p.view.locator("a").count(), 3);

    await p.call("toolResult", success(ITEMS));
    await p.waitForText("[role=status]", "Results ready");
    assert.equal(await p.view.locator(".count").textContent(), "3 results");
    assert.equal(await p.view.locator(".copy").count(), 3);
    await p.call("toolInputPartial", { results: [{ title: "Late", url: "https://late/" }] });
    await p.call("ping");
    assert.deepEqual(
      await p.view.locator(".title").allTextContents(),
      ITEMS.map((item) => item.title),
      "arguments after the result change nothing",
    );
  },
));

Deno.test(viewCase("empty list: the heading and a note", LIGHT, async (p) => {
  await p.call("toolInput", { results: [] });
  await p.call("toolResult", success([], "Nothing here"));
  await p.waitForText("h1", "Nothing here");
  assert.equal(await p.view.locator(".empty").textContent(), "No results to display.");
  assert.equal(await p.view.locator("ol, li, .count:not(:empty), button").count(), 0);
}));

Deno.test(viewCase("error result: a message and the text content as text", LIGHT, async (p) => {
  await p.call("toolInput", { results: ITEMS });
  const text = "Internal error: <b>disk</b> full\nretry later";
  await p.call("toolResult", { isError: true, content: [{ type: "text", text }] });
  await p.waitForText("[role=status]", "The results could not be shown.");
  assert.equal(await p.view.locator(".detail").textContent(), text);
  assert.equal(await p.view.locator("b, h1, ol").count(), 0);
}));

Deno.test(viewCase("cancelled: a short state and no spinner", LIGHT, async (p) => {
  await p.call("toolInput", { results: ITEMS });
  await p.waitForText("[role=status]", "Preparing results…");
  const spinner = () =>
    p.view.evaluate(() =>
      getComputedStyle(document.querySelector(".status")!, "::before").animationName
    );
  assert.equal(await spinner(), "spin");
  await p.call("toolCancelled", "The user stopped the <b>call</b>.");
  await p.waitForText("[role=status]", "Cancelled.");
  assert.equal(
    await p.view.locator(".detail").textContent(),
    "The user stopped the <b>call</b>.",
  );
  assert.equal(await p.view.locator("b").count(), 0);
  assert.equal(await spinner(), "none");
  assert.equal(await p.view.locator("ol").count(), 0);
}));
