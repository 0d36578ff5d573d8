/**
 * The view given what a source or a page might send: markup, duplicates and any Unicode render as
 * text, and malformed or foreign messages never break it. Its sources are checked never to write
 * HTML; the rest runs in Chromium under the real `AppBridge` (see `support/view_suite.ts`).
 */
import assert from "node:assert/strict";
import { ITEMS, success, unchecked } from "render-results-mcp/testing";
import { hostSees, LIGHT, show, viewCase } from "./support/view_suite.ts";

Deno.test("the view's sources never write HTML", async () => {
  for await (const entry of Deno.readDir(new URL("../tools/render_results/ui/", import.meta.url))) {
    if (!/\.tsx?$/.test(entry.name)) continue;
    const source = await Deno.readTextFile(
      new URL(`../tools/render_results/ui/${entry.name}`, import.meta.url),
    );
    assert.doesNotMatch(
      source,
      /innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|document\.write/,
      entry.name,
    );
  }
});

Deno.test(viewCase("markup in titles and snippets is text and never runs", LIGHT, async (p) => {
  const markup = [
    { title: `<img src=x onerror="window.pwned=1">`, url: "https://a.example/" },
    {
      title: `<script>window.pwned=2</script>`,
      url: "https://b.example/",
      text: "<b>bold</b>",
    },
    { title: "Not a link", url: "javascript:window.pwned=3" },
  ];
  await p.call("toolResult", unchecked(markup, "<i>heading</i>"));
  await p.waitForText("h1", "<i>heading</i>");
  const titles = await p.view.locator(".title").allTextContents();
  assert.deepEqual(titles, markup.map((item) => item.title));
  assert.equal(await p.view.locator(".snippet").textContent(), "<b>bold</b>");
  assert.equal(await p.view.locator("img, b, i").count(), 0);
  assert.equal(await p.view.locator("script").count(), 1, "only the view's own script");
  assert.equal(await p.view.locator("a").count(), 2, "javascript: is not a link");
  assert.equal(await p.view.locator(".copy").count(), 2, "nor something to copy");
  assert.equal(
    await p.view.locator(".card").nth(2).locator(".url").textContent(),
    markup[2].url,
  );
  await p.view.locator(".title").nth(2).click();
  assert.equal(
    await p.view.evaluate(() => (globalThis as { pwned?: number }).pwned),
    undefined,
  );
  assert.deepEqual(await p.call("links"), []);
}));

Deno.test(viewCase("duplicates render as separate cards with their own state", LIGHT, async (p) => {
  await p.call("toolResult", success([ITEMS[0], ITEMS[0], ITEMS[0]]));
  const cards = p.view.locator(".card");
  await cards.nth(2).locator("button.more").waitFor();
  assert.equal(await cards.count(), 3);
  await cards.nth(1).locator("button.more").click();
  const expanded = await cards.locator("button.more").evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute("aria-expanded"))
  );
  assert.deepEqual(expanded, ["false", "true", "false"]);

  await p.call("toolResult", success([ITEMS[2], ITEMS[0]], "Second call"));
  await p.waitForText("h1", "Second call");
  const titles = await p.view.locator(".title").allTextContents();
  assert.deepEqual(titles, [ITEMS[2].title, ITEMS[0].title], "a new result replaces the old");
}));

Deno.test(viewCase("Unicode titles, URLs and snippets show as given", LIGHT, async (p) => {
  const items = [
    {
      title: "日本語のタイトル 🎉",
      url: "https://例え.jp/パス?q=é",
      text: "Ünïcödé snippet — ok",
    },
    { title: "مرحبا بالعالم", url: "https://www.example.com/ar" },
    { title: "e\u0301 👩‍👩‍👧 𝔘𝔫𝔦", url: "https://example.com/%F0%9F%98%80" },
  ];
  await p.call("toolResult", success(items, "Résultats 🌍"));
  await p.waitForText("h1", "Résultats 🌍");
  assert.deepEqual(
    await p.view.locator(".title").allTextContents(),
    items.map((i) => i.title),
  );
  assert.deepEqual(await p.view.locator(".url").allTextContents(), items.map((i) => i.url));
  assert.deepEqual(await p.view.locator(".site").allTextContents(), [
    "xn--r8jz45g.jp",
    "example.com",
    "example.com",
  ]);
  assert.equal(await p.view.locator(".snippet").textContent(), items[0].text);
  assert.equal(
    await p.view.locator(".title").nth(1).evaluate((e) => getComputedStyle(e).direction),
    "rtl",
  );
}));

Deno.test(viewCase("malformed and foreign messages never break the view", LIGHT, async (p) => {
  for (
    const message of [
      "junk",
      null,
      [1, 2],
      { jsonrpc: "1.0", method: "ui/notifications/tool-result" },
      { jsonrpc: "2.0", method: "ui/notifications/unknown", params: {} },
      { jsonrpc: "2.0", method: "ui/notifications/host-context-changed", params: "dark" },
      { jsonrpc: "2.0", id: 77, result: {} },
    ]
  ) await p.call("post", message);
  await p.call("post", { jsonrpc: "2.0", id: "x-1", method: "x/unknown", params: {} });
  await hostSees(
    p,
    (host) => host.received().some((message) => (message as { id?: unknown }).id === "x-1"),
  );
  const answer = (await p.call("received")).find((m) => (m as { id?: string }).id === "x-1");
  assert.deepEqual(answer, {
    jsonrpc: "2.0",
    id: "x-1",
    error: { code: -32601, message: "Method not found" },
  });
  await p.view.evaluate(
    (result) =>
      postMessage(
        { jsonrpc: "2.0", method: "ui/notifications/tool-result", params: result },
        "*",
      ),
    success([{ title: "Forged", url: "https://evil.example/" }]),
  );
  assert.deepEqual(await p.call("ping"), {}, "still answers, after the forged message");
  assert.equal(await p.view.locator("[role=status]").textContent(), "Waiting for the results…");
  assert.equal(await p.view.locator("h1, .card").count(), 0, "nothing was drawn");

  await p.call("post", {
    jsonrpc: "2.0",
    method: "ui/notifications/tool-result",
    params: null,
  });
  // A result with nothing in it did not fail: it brought nothing to show.
  await p.waitForText("[role=status]", "No results arrived from the app.");
  await show(p, ITEMS);
  assert.deepEqual(
    await p.view.locator(".title").allTextContents(),
    ITEMS.map((i) => i.title),
  );
}));

Deno.test(viewCase("the harness sees CSP violations", LIGHT, async (p) => {
  const violation = p.page.waitForEvent("console", {
    predicate: (message) => message.text().startsWith("CSP violation: img-src"),
  });
  await p.view.evaluate(() => {
    const image = new Image();
    image.src = "https://example.com/pixel.png";
    document.body.append(image);
  });
  await violation;
  assert.ok(p.errors.some((error) => error.startsWith("CSP violation: img-src")));
  p.errors.length = 0;
}));
