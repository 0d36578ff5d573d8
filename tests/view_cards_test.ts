/**
 * The view's cards in Chromium under the real `AppBridge` (see `support/view_suite.ts`): clamped
 * snippets, the height of a long list, metadata in the host's locale, site badges and the count.
 */
import assert from "node:assert/strict";
import { type Item, ITEMS, longResults, success } from "render-results-mcp/testing";
import { LIGHT, show, viewCase } from "./support/view_suite.ts";

/** About the height of 50 long results (`longResults`) at 720 px in the previous view: 9,522. */
const PREVIOUS_HEIGHT_PX = 9_000;

Deno.test(viewCase("snippets are clamped, with a control to expand them", LIGHT, async (p) => {
  await p.call("toolResult", success([ITEMS[0], { ...ITEMS[1], text: "Short snippet." }]));
  const [long, short] = [p.view.locator(".card").nth(0), p.view.locator(".card").nth(1)];
  const button = long.locator("button.more");
  await button.waitFor();
  assert.equal(await short.locator(".snippet").textContent(), "Short snippet.");
  assert.equal(await short.locator("button.more").count(), 0, "nothing to expand");
  assert.equal(await button.getAttribute("aria-label"), "Show more");
  assert.equal(await button.getAttribute("aria-expanded"), "false");
  const snippet = long.locator(".snippet");
  assert.equal(await snippet.textContent(), ITEMS[0].text);
  const clamped = await snippet.evaluate((e) => e.clientHeight);
  const lineHeight = await snippet.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
  assert.ok(clamped <= lineHeight * 2 + 1, `${clamped}px is at most two lines`);

  await button.click();
  assert.equal(await button.getAttribute("aria-label"), "Show less");
  assert.equal(await button.getAttribute("aria-expanded"), "true");
  assert.ok(await snippet.evaluate((e) => e.clientHeight) > clamped, "expanded is taller");
  await button.click();
  assert.equal(await snippet.evaluate((e) => e.clientHeight), clamped);
}));

Deno.test(viewCase("50 long results at 720 px: under 60% of the previous height", {
  ...LIGHT,
  width: 720,
}, async (p) => {
  const items = longResults(50);
  assert.ok(items.every((item) => item.text!.length >= 400));
  await show(p, items);
  const cards = p.view.locator(".card");
  await cards.nth(49).locator("button.more").waitFor();
  const height = await p.view.evaluate(() => document.documentElement.scrollHeight);
  const bound = 0.6 * PREVIOUS_HEIGHT_PX;
  assert.ok(height <= bound, `${height}px is at most ${bound}px`);

  const readable = await cards.evaluateAll((cards) =>
    cards.map((card) => {
      const shown = (selector: string) => {
        const element = card.querySelector<HTMLElement>(selector)!;
        return element.textContent !== "" && element.getBoundingClientRect().width > 40;
      };
      const snippet = card.querySelector(".snippet")!;
      const lines = snippet.clientHeight / parseFloat(getComputedStyle(snippet).lineHeight);
      return shown(".title") && shown(".site") && shown(".date") && Math.round(lines) === 2;
    })
  );
  assert.deepEqual(readable, items.map(() => true), "title, site, date and two lines");
  assert.equal(await p.view.locator("button.more").count(), 50);
  const title = cards.nth(3).locator(".title");
  await cards.nth(3).locator("button.more").click();
  assert.equal(
    await title.evaluate((e) => e.scrollHeight <= e.clientHeight),
    true,
    "expanded, the whole title shows",
  );
}));

Deno.test(viewCase("metadata: date, author and site in the host's locale and time zone", {
  ...LIGHT,
  context: { ...LIGHT.context, locale: "de-DE", timeZone: "America/New_York" },
}, async (p) => {
  const items: Item[] = [
    {
      ...ITEMS[0],
      metadata: {
        publishedAt: "2026-03-01T02:30:00Z",
        date: "1999-01-01",
        author: "Ada Lovelace",
        siteName: "Deno Blog",
      },
    },
    { ...ITEMS[1], metadata: { published: "2026-01-26", byline: " ", source: "web" } },
    {
      ...ITEMS[2],
      metadata: { date: "last spring", author: 42, site_name: { name: "x" }, rank: 1 },
    },
    { title: "No metadata", url: "https://example.net/", metadata: { author: "<b>Bob</b>" } },
  ];
  await p.call("toolResult", success(items));
  const cards = p.view.locator(".card");
  await cards.nth(3).waitFor();
  const facts = await cards.evaluateAll((cards) =>
    cards.map((card) => {
      const text = (selector: string) => card.querySelector(selector)?.textContent ?? null;
      return [
        text(".site"),
        text(".date"),
        card.querySelector(".date")?.getAttribute("datetime") ?? null,
        text(".author"),
      ];
    })
  );
  assert.deepEqual(facts, [
    ["Deno Blog", "28.02.2026", "2026-03-01T02:30:00.000Z", "Ada Lovelace"],
    ["web", "26.01.2026", "2026-01-26", null],
    ["example.org", "last spring", null, null],
    ["example.net", null, null, "<b>Bob</b>"],
  ]);
  assert.equal(await p.view.locator("b").count(), 0, "metadata is text");
  await p.call("contextChanged", { locale: "en-US", timeZone: "Asia/Tokyo" });
  await p.waitForText(".card .date", "Mar 1, 2026");
}));

Deno.test(viewCase("site badges: a monogram coloured by host, no image", LIGHT, async (p) => {
  const items = [
    { title: "Deno docs", url: "https://docs.deno.com/runtime/" },
    { title: "Deno docs again", url: "https://docs.deno.com/deploy/" },
    { title: "BBC News", url: "https://www.bbc.co.uk/news" },
    { title: "例えのサイト", url: "https://例え.jp/" },
    { title: "Named", url: "https://www.bbc.co.uk/sport", metadata: { siteName: "Sport" } },
  ];
  await show(p, items);
  const badges = p.view.locator(".badge");
  assert.deepEqual(await badges.allTextContents(), ["D", "D", "B", "例", "S"]);
  const colors = await badges.evaluateAll((badges) =>
    badges.map((badge) => getComputedStyle(badge).backgroundColor)
  );
  assert.equal(colors[0], colors[1], "one host, one colour");
  assert.equal(colors[2], colors[4], "whatever the site's name");
  assert.notEqual(colors[0], colors[2]);
  assert.ok(colors.every((color) => color !== "rgba(0, 0, 0, 0)"), colors.join());
  assert.equal(await badges.first().getAttribute("aria-hidden"), "true");
  assert.equal(await p.view.locator("img, image, picture").count(), 0);
}));

Deno.test(viewCase("site badges: two sites with one initial get two colours", LIGHT, async (p) => {
  await show(p, [
    { title: "A blog post", url: "https://blog.example.org/post" },
    { title: "A news story", url: "https://news.example.net/story" },
  ]);
  const badges = await p.view.locator(".badge").evaluateAll((badges) =>
    badges.map((badge) => [
      badge.textContent,
      Number(getComputedStyle(badge).getPropertyValue("--hue")),
      getComputedStyle(badge).backgroundColor,
    ])
  );
  assert.deepEqual(badges.map(([letter]) => letter), ["E", "E"]);
  const [[, first, firstColor], [, second, secondColor]] = badges as [
    string,
    number,
    string,
  ][];
  const apart = Math.abs(((first - second + 540) % 360) - 180);
  assert.ok(apart >= 40, `hues ${first} and ${second} are ${apart} degrees apart`);
  assert.notEqual(firstColor, secondColor);
}));

Deno.test(viewCase("50 cards from one tool result", LIGHT, async (p) => {
  const items = longResults(50);
  await p.call("toolInput", { results: items });
  await show(p, items);
  await p.view.locator(".card").nth(49).locator("button.more").waitFor();
  assert.deepEqual(
    await p.view.locator(".title").allTextContents(),
    items.map((item) => item.title),
  );
  assert.deepEqual(
    await p.view.locator(".num").allTextContents(),
    items.map((_, i) => String(i + 1)),
  );
  assert.equal(await p.view.locator("button.more").count(), 50, "every snippet can expand");
}));

const arabic = { ...LIGHT, context: { ...LIGHT.context, locale: "ar-EG" } };
Deno.test(viewCase("locale formats the count", arabic, async (p) => {
  await p.call("toolResult", success(ITEMS));
  await p.waitForText(".count", "٣ نتائج");
  // The numbers are the citations the text list gives the model, in its digits.
  assert.deepEqual(await p.view.locator(".num").allTextContents(), ["1", "2", "3"]);
}));
