/**
 * The card-list view as a host shows it: the built HTML resource in headless Chromium under the
 * real `AppBridge` from `@modelcontextprotocol/ext-apps` (see `support/browser_host.ts`). The
 * browser tests skip where Chromium is absent, except under `CI=true`. The view's modules are
 * tested beside them, in `ui/`.
 */
import assert from "node:assert/strict";
import type { McpUiStyles } from "@modelcontextprotocol/ext-apps";
import axe from "axe-core";
import { VIEW_RESOURCE } from "../mod.ts";
import { bibtexList, csvList, risList } from "../ui/export.ts";
import { escapeMarkdown, markdownList } from "../ui/markdown.ts";
import { BrowserHost, CHROMIUM, hasChromium, type ViewPage } from "./support/browser_host.ts";
import type { OpenOptions, TestHost } from "./support/host_page.ts";
import { type Item, ITEMS, resultItem, success } from "./support/view_fixtures.ts";

const PROSE = "Deno 2 is backwards compatible with Node and npm, and it brings a standard " +
  "library, private registries, workspaces and long-term support. A stateless server answers " +
  "each POST on one endpoint and needs no session id, so any number of instances can serve one " +
  "client. The view follows the host's theme, fonts and container size, and asks the host to " +
  "open links. Every source string is rendered as text; only http(s) URLs become links.";

const TOPICS = [
  "Streamable HTTP transport and stateless servers",
  "Running several workers behind one port with deno serve --parallel",
  "Caching views by content hash so hosts never show a stale copy",
  "Content Security Policy for sandboxed iframes",
  "Designing dense, readable lists of search results",
];

/** `count` results with snippets of about 450 characters and metadata, like a search API's. */
function longResults(count: number): Item[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `${TOPICS[i % TOPICS.length]} (part ${i + 1})`,
    url: `https://www.example${i % 7}.com/articles/${i + 1}?ref=search`,
    text: `${i + 1}: ${PROSE.slice(i % 30)} ${PROSE.slice(0, 40 + (i % 30))}`,
    metadata: { siteName: `Example ${i % 7}`, publishedAt: `2026-0${1 + (i % 9)}-1${i % 10}` },
  }));
}

/** Eight sources, each findable by one word of its title, site, snippet or author. */
const FINDABLE: Item[] = [
  ["Volcanoes of Iceland", "geo.example", "Lava fields and ash.", "Björk Eyja", "Earth Weekly"],
  ["Deno 2 released", "deno.com", "Node compatibility.", "Ryan Dahl", "Deno Blog"],
  ["Preact signals", "preactjs.com", "Fine-grained updates.", "Jason Miller", "Preact"],
  ["Tide tables", "sea.example", "High water at noon.", "Ada Lovelace", "Harbour Gazette"],
  ["MCP Apps", "mcp.example", "Views in sandboxed frames.", "Working group", "MCP"],
  ["Sourdough basics", "bread.example", "Flour, water, salt.", "Chad Robertson", "Bakery"],
  ["Comet tails", "sky.example", "Dust and ion tails.", "Carl Sagan", "Night Sky"],
  ["Chess openings", "chess.example", "The Sicilian defence.", "Judit Polgar", "Chess Club"],
].map(([title, host, text, author, siteName], i) => ({
  title,
  url: `https://${host}/${i + 1}`,
  text,
  metadata: { author, siteName, published: `2026-0${(i * 5) % 9 + 1}-15` },
}));

Deno.test("the view's sources never write HTML", async () => {
  for await (const entry of Deno.readDir(new URL("../ui/", import.meta.url))) {
    if (!/\.tsx?$/.test(entry.name)) continue;
    const source = await Deno.readTextFile(new URL(`../ui/${entry.name}`, import.meta.url));
    assert.doesNotMatch(
      source,
      /innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|document\.write/,
      entry.name,
    );
  }
});

// Browser tests: the built resource in Chromium under AppBridge.

/** The permissions the view's resource asks its host for. */
const VIEW_PERMISSIONS = (VIEW_RESOURCE._meta?.ui as { permissions?: OpenOptions["permissions"] })
  .permissions;

const present = await hasChromium();
const ci = Deno.env.get("CI") === "true";
if (!present && !ci) {
  console.warn(`Skipping the browser tests of the view: ${CHROMIUM} is absent.`);
}

/** About the height of 50 long results (`longResults`) at 720 px in the previous view: 9,522. */
const PREVIOUS_HEIGHT_PX = 9_000;

const LIGHT: OpenOptions = {
  capabilities: { openLinks: {} },
  context: { theme: "light", locale: "en-US", displayMode: "inline" },
};

function rgb(color: string): number[] {
  const match = color.match(/^rgba?\((\d+), (\d+), (\d+)/);
  assert.ok(match, `not an rgb() color: ${color}`);
  return match.slice(1).map(Number);
}

/** The WCAG contrast ratio of two [r, g, b] colours. */
function contrast(one: number[], other: number[]): number {
  const [a, b] = [one, other].map((color) => {
    const [r, g, b] = color.map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

function luminance(color: string): number {
  const [r, g, b] = rgb(color);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Waits until `fn`, run in the host page on its test host, returns true. */
async function hostSees(p: ViewPage, fn: (host: TestHost) => boolean): Promise<void> {
  await p.page.waitForFunction(`(${fn})(globalThis.host)`, undefined, { timeout: 5_000 });
}

/** Sends a successful result of `items` and waits until the view shows a card for each. */
async function show(p: ViewPage, items: Item[]): Promise<void> {
  await p.call("toolResult", success(items));
  await p.view.waitForFunction(
    (count) =>
      document.querySelector(".count") && document.querySelectorAll(".card").length === count,
    items.length,
  );
}

/** The text of the focused element in the view, and of the card it is in. */
function focused(p: ViewPage): Promise<{ text: string; card: string; ring: string }> {
  return p.view.evaluate(() => {
    const active = document.activeElement!;
    const card = active.closest(".card");
    return {
      text: active.textContent ?? "",
      card: card?.querySelector(".num")?.textContent ?? "",
      ring: card ? getComputedStyle(card).outlineStyle : "",
    };
  });
}

Deno.test({
  name: "the view in Chromium under AppBridge",
  ignore: !present && !ci,
  async fn(t) {
    if (!present) throw new Error(`CI=true requires the browser tests, but ${CHROMIUM} is absent`);
    const host = await BrowserHost.start();

    async function step(name: string, options: OpenOptions, fn: (page: ViewPage) => Promise<void>) {
      await t.step(name, async () => {
        const page = await host.open(options);
        try {
          await fn(page);
          assert.deepEqual(page.errors, [], "console errors or CSP violations");
        } finally {
          await page.close();
        }
      });
    }

    try {
      await step("handshake: initialize, apply the host context, initialized", LIGHT, async (p) => {
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
        assert.equal(await p.view.locator("[role=status]").textContent(), "");
        assert.deepEqual(await p.call("teardown"), {});
      });

      await step("ready: the heading, the count and numbered cards in order", LIGHT, async (p) => {
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
      });

      await step(
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
      );

      await step("snippets are clamped, with a control to expand them", LIGHT, async (p) => {
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
        const lineHeight = await snippet.evaluate((e) =>
          parseFloat(getComputedStyle(e).lineHeight)
        );
        assert.ok(clamped <= lineHeight * 2 + 1, `${clamped}px is at most two lines`);

        await button.click();
        assert.equal(await button.getAttribute("aria-label"), "Show less");
        assert.equal(await button.getAttribute("aria-expanded"), "true");
        assert.ok(await snippet.evaluate((e) => e.clientHeight) > clamped, "expanded is taller");
        await button.click();
        assert.equal(await snippet.evaluate((e) => e.clientHeight), clamped);
      });

      await step("50 long results at 720 px: under 60% of the previous height", {
        ...LIGHT,
        width: 720,
      }, async (p) => {
        const items = longResults(50);
        assert.ok(items.every((item) => item.text!.length >= 400));
        await p.call("toolResult", success(items));
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
      });

      await step("metadata: date, author and site in the host's locale and time zone", {
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
      });

      await step("site badges: a monogram coloured by host, no image", LIGHT, async (p) => {
        const items = [
          { title: "Deno docs", url: "https://docs.deno.com/runtime/" },
          { title: "Deno docs again", url: "https://docs.deno.com/deploy/" },
          { title: "BBC News", url: "https://www.bbc.co.uk/news" },
          { title: "例えのサイト", url: "https://例え.jp/" },
          { title: "Named", url: "https://www.bbc.co.uk/sport", metadata: { siteName: "Sport" } },
        ];
        await p.call("toolResult", success(items));
        const badges = p.view.locator(".badge");
        await badges.nth(4).waitFor();
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
      });

      await step("site badges: two sites with one initial get two colours", LIGHT, async (p) => {
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
      });

      await step("filter: only from seven results, a labelled search field", LIGHT, async (p) => {
        await show(p, FINDABLE.slice(0, 6));
        assert.equal(await p.view.locator("input").count(), 0, "six results need no filter");
        await show(p, FINDABLE.slice(0, 7));
        const field = p.view.getByRole("searchbox", {
          name: "Filter by title, site, snippet or author",
        });
        assert.equal(await field.getAttribute("type"), "search");
        assert.equal(await field.inputValue(), "");
      });

      await step("filter: title, site, snippet and author as the user types", LIGHT, async (p) => {
        await show(p, FINDABLE);
        const field = p.view.getByRole("searchbox");
        const numbers = () => p.view.locator(".card .num").allTextContents();
        for (
          const [query, expected] of [
            ["volcano", ["1"]],
            ["harbour gazette", ["4"]],
            ["preactjs", ["3"]],
            ["sicilian", ["8"]],
            ["LOVELACE", ["4"]],
            ["tails dust", ["7"]],
            ["a", ["1", "2", "3", "4", "5", "6", "7", "8"]],
          ] as const
        ) {
          await field.fill(query);
          await p.view.waitForFunction(
            (count) => document.querySelectorAll(".card").length === count,
            expected.length,
          );
          assert.deepEqual(await numbers(), expected, `"${query}" keeps the original numbers`);
        }
        await field.fill("");
        await field.pressSequentially("sea");
        await p.waitForText(".count", "1 of 8 results");
        assert.deepEqual(await numbers(), ["4"], "as the user types");

        await field.fill("no such thing");
        await p.waitForText(".empty", "No results match the filter.");
        assert.equal(await p.view.locator("ol, .card").count(), 0, "a message, not an empty box");
        assert.equal(await p.view.locator(".count").textContent(), "0 of 8 results");

        await field.press("Escape");
        await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 8);
        assert.equal(await field.inputValue(), "", "Escape clears the field");
        assert.equal(await p.view.locator(".count").textContent(), "8 results");
        assert.equal(await p.view.locator(".empty").count(), 0);
      });

      await step("filter: the keyboard moves through the cards shown only", LIGHT, async (p) => {
        await show(p, FINDABLE);
        await p.view.getByRole("searchbox").fill("example");
        await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 6);
        await p.view.locator("h1").click();
        const visits = [];
        for (const key of ["j", "j", "j", "j", "j", "j", "j", "k"]) {
          await p.page.keyboard.press(key);
          visits.push((await focused(p)).card);
        }
        assert.deepEqual(visits, ["1", "4", "5", "6", "7", "8", "8", "7"]);
      });

      await step(
        "sort: newest first when two entries have a date, undated last",
        LIGHT,
        async (p) => {
          const dated = (title: string, published?: string) => ({
            title,
            url: `https://example.com/${encodeURIComponent(title)}`,
            metadata: published ? { published } : {},
          });
          await show(p, [dated("Only one", "2026-01-02"), dated("Undated")]);
          assert.equal(await p.view.getByRole("button", { name: "Newest first" }).count(), 0);
          const items = [
            dated("Old", "2025-03-01"),
            dated("Undated"),
            dated("New", "2026-02-01T10:00:00Z"),
            dated("Not a date", "last spring"),
            dated("Middle", "2025-12-24"),
          ];
          await show(p, items);
          const sort = p.view.getByRole("button", { name: "Newest first" });
          assert.equal(await sort.getAttribute("aria-pressed"), "false");
          const order = async () => {
            const cards = await p.view.locator(".card").evaluateAll((cards) =>
              cards.map((card) => [
                card.querySelector(".num")!.textContent,
                card.querySelector(".title")!.textContent,
              ])
            );
            return cards.map((card) => card.join(" "));
          };
          await sort.click();
          assert.equal(await sort.getAttribute("aria-pressed"), "true");
          assert.deepEqual(await order(), [
            "3 New",
            "5 Middle",
            "1 Old",
            "2 Undated",
            "4 Not a date",
          ]);
          await sort.click();
          assert.deepEqual(await order(), [
            "1 Old",
            "2 Undated",
            "3 New",
            "4 Not a date",
            "5 Middle",
          ]);
        },
      );

      const downloading: OpenOptions = {
        ...LIGHT,
        capabilities: { openLinks: {}, downloadFile: {}, updateModelContext: { text: {} } },
      };
      await step(
        "export: files through the host, all entries or the marked",
        downloading,
        async (p) => {
          await p.call("toolResult", success(FINDABLE, "Sources on Élan & Co."));
          await p.view.locator(".card").nth(7).waitFor();
          const items = FINDABLE.map((item, i) => resultItem(i + 1, item));
          const group = p.view.getByRole("group", { name: "Export" });
          assert.match(await group.textContent() ?? "", /^Download all as/);
          const download = async (format: string, count: number) => {
            await group.getByRole("button", { name: format }).click();
            await p.page.waitForFunction(
              (count) =>
                (globalThis as unknown as { host: TestHost }).host.downloads().length === count,
              count,
            );
            const { contents } = (await p.call("downloads"))[count - 1];
            assert.equal(contents.length, 1);
            assert.equal(contents[0].type, "resource");
            return (contents[0] as unknown as { resource: Record<string, string> }).resource;
          };
          const today = () => new Date().toISOString().slice(0, 10);
          const csv = await download("CSV", 1);
          assert.deepEqual(csv, {
            uri: "file:///sources-on-elan-co.csv",
            mimeType: "text/csv",
            text: csvList(items),
          });
          await p.waitForText(".notice", "Downloaded sources-on-elan-co.csv");
          const markdown = await download("Markdown", 2);
          assert.deepEqual(
            [markdown.uri, markdown.mimeType, markdown.text],
            ["file:///sources-on-elan-co.md", "text/markdown", markdownList(items)],
          );
          const bibtex = await download("BibTeX", 3);
          assert.deepEqual(
            [bibtex.uri, bibtex.mimeType, bibtex.text],
            ["file:///sources-on-elan-co.bib", "application/x-bibtex", bibtexList(items, today())],
          );

          await p.view.getByRole("button", { name: "Mark 4 for the assistant" }).click();
          await p.view.getByRole("button", { name: "Mark 2 for the assistant" }).click();
          await p.view.waitForFunction(() =>
            document.querySelector("[role=group]")?.textContent?.startsWith(
              "Download the marked as",
            )
          );
          const ris = await download("RIS", 4);
          assert.deepEqual(
            [ris.uri, ris.mimeType, ris.text],
            [
              "file:///sources-on-elan-co.ris",
              "application/x-research-info-systems",
              risList([items[1], items[3]], today()),
            ],
          );

          await p.call("refuseDownloads");
          await download("CSV", 5);
          await p.waitForText(".notice", "Not downloaded: sources-on-elan-co.csv");
        },
      );

      await step(
        "export without downloadFile: the same text through the copy path",
        LIGHT,
        async (p) => {
          await show(p, ITEMS);
          const items = ITEMS.map((item, i) => resultItem(i + 1, item));
          const group = p.view.getByRole("group", { name: "Export" });
          assert.match(await group.textContent() ?? "", /^Copy all as/);
          await group.getByRole("button", { name: "BibTeX" }).click();
          const area = p.view.locator("main > .copybox textarea");
          await area.waitFor();
          const today = new Date().toISOString().slice(0, 10);
          assert.equal(await area.inputValue(), bibtexList(items, today));
          await p.page.keyboard.press("Escape");
          await area.waitFor({ state: "detached" });
        },
      );

      await step("export copies where the host grants clipboard-write", {
        ...LIGHT,
        permissions: VIEW_PERMISSIONS,
      }, async (p) => {
        await show(p, ITEMS);
        const items = ITEMS.map((item, i) => resultItem(i + 1, item));
        await p.view.getByRole("group", { name: "Export" }).getByRole("button", { name: "CSV" })
          .click();
        await p.waitForText(".notice", "List copied as CSV");
        assert.equal(await p.clipboard(), csvList(items));
      });

      for (const theme of ["light", "dark"] as const) {
        await step(`axe-core: no serious violation, ${theme}`, {
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
            await p.view.evaluate(axe.source);
            // axe-core sees only the frame, whose root is transparent: it gets the host page's
            // colour, which shows through, to judge contrast against what a person sees.
            await p.view.evaluate((color) => {
              document.documentElement.style.background = color;
            }, background);
            const serious = () =>
              p.view.evaluate(async () => {
                const { violations } = await (globalThis as unknown as { axe: typeof axe }).axe
                  .run(document, { resultTypes: ["violations"] });
                return violations.filter((rule) => ["serious", "critical"].includes(rule.impact!))
                  .map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target).join(" ")}`);
              });
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
        });
      }

      await step("empty list: the heading and a note", LIGHT, async (p) => {
        await p.call("toolInput", { results: [] });
        await p.call("toolResult", success([], "Nothing here"));
        await p.waitForText("h1", "Nothing here");
        assert.equal(await p.view.locator(".empty").textContent(), "No results to display.");
        assert.equal(await p.view.locator("ol, li, .count:not(:empty), button").count(), 0);
      });

      await step("error result: a message and the text content as text", LIGHT, async (p) => {
        await p.call("toolInput", { results: ITEMS });
        const text = "Internal error: <b>disk</b> full\nretry later";
        await p.call("toolResult", { isError: true, content: [{ type: "text", text }] });
        await p.waitForText("[role=status]", "The results could not be shown.");
        assert.equal(await p.view.locator(".detail").textContent(), text);
        assert.equal(await p.view.locator("b, h1, ol").count(), 0);
      });

      await step("cancelled: a short state and no spinner", LIGHT, async (p) => {
        await p.call("toolInput", { results: ITEMS });
        await p.waitForText("[role=status]", "Preparing results…");
        const spinner = () =>
          p.view.evaluate(() =>
            getComputedStyle(document.querySelector(".status")!, "::before").animationName
          );
        assert.equal(await spinner(), "spin");
        await p.call("toolCancelled", "The user stopped the <b>call</b>.");
        await p.waitForText("[role=status]", "Cancelled: no results to show.");
        assert.equal(
          await p.view.locator(".detail").textContent(),
          "The user stopped the <b>call</b>.",
        );
        assert.equal(await p.view.locator("b").count(), 0);
        assert.equal(await spinner(), "none");
        assert.equal(await p.view.locator("ol").count(), 0);
      });

      await step("links open through the host when it can open links", LIGHT, async (p) => {
        await p.call("toolResult", success(ITEMS));
        const link = p.view.locator("a").nth(1);
        await link.click();
        await hostSees(p, (host) => host.links().length > 0);
        assert.deepEqual(await p.call("links"), [ITEMS[1].url]);
        await link.press("Enter");
        await hostSees(p, (host) => host.links().length > 1);
        assert.deepEqual(await p.call("links"), [ITEMS[1].url, ITEMS[1].url]);
        assert.equal(p.page.context().pages().length, 1, "no window opened by the view itself");
      });

      const plain = { ...LIGHT, capabilities: {}, sandbox: "allow-scripts allow-popups" };
      await step("links are plain links when the host cannot open links", plain, async (p) => {
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
      });

      await step("keyboard: Up/Down and j/k move between cards, Enter opens", LIGHT, async (p) => {
        const items = [...ITEMS, { title: "Not a link", url: "ftp://files.example.org/a" }];
        await show(p, items);
        await p.view.locator("h1").click();
        const visits = [];
        for (const key of ["j", "ArrowDown", "j", "ArrowDown", "ArrowDown", "k", "ArrowUp"]) {
          await p.page.keyboard.press(key);
          const { text, card, ring } = await focused(p);
          assert.equal(ring, "solid", `the focused card ${card} shows a ring`);
          visits.push(card);
          if (card === "4") assert.match(text, /^4Not a link/, "a card without a link");
          else assert.equal(text, items[Number(card) - 1].title, "the card's link");
        }
        assert.deepEqual(visits, ["1", "2", "3", "4", "4", "3", "2"]);

        await p.page.keyboard.press("Enter");
        await hostSees(p, (host) => host.links().length === 1);
        await p.view.locator("a").nth(1).click();
        await hostSees(p, (host) => host.links().length === 2);
        const [byKey, byClick] = await p.call("links");
        assert.equal(byKey, ITEMS[1].url, "Enter opens the focused card's link");
        assert.equal(byKey, byClick, "as a click does");

        await p.view.locator("h1").click();
        await p.page.keyboard.press("k");
        assert.equal((await focused(p)).card, "4", "Up from outside the list: the last card");
        await p.page.keyboard.press("Tab");
        assert.equal(
          await p.view.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle),
          "solid",
          "Tab reaches the card's controls with a ring",
        );
      });

      await step("copy is denied in this sandbox: the text shows selected", LIGHT, async (p) => {
        const items = [
          { title: "A [tricky] *title* | with `code`", url: "https://example.com/a_(b)" },
          ITEMS[1],
        ];
        await p.call("toolResult", success(items));
        const copyList = p.view.getByRole("button", { name: "Copy list" });
        await copyList.click();
        const area = p.view.locator("main > .copybox textarea");
        await area.waitFor();
        const expected = "1. [A \\[tricky\\] \\*title\\* \\| with \\`code\\`]" +
          "(https://example.com/a_\\(b\\))\n2. [Preact: fast 3kB alternative to React](https://preactjs.com/)";
        assert.equal(await area.inputValue(), expected);
        const selection = await area.evaluate((area: HTMLTextAreaElement) => [
          document.activeElement === area,
          area.readOnly,
          area.selectionStart,
          area.selectionEnd,
        ]);
        assert.deepEqual(selection, [true, true, 0, expected.length], "focused and selected");
        await p.page.keyboard.press("Escape");
        await area.waitFor({ state: "detached" });
        assert.equal(await copyList.evaluate((button) => document.activeElement === button), true);

        await p.view.getByRole("button", { name: "Copy link 2" }).click();
        const link = p.view.locator(".card").nth(1).locator(".copybox textarea");
        await link.waitFor();
        assert.equal(await link.inputValue(), ITEMS[1].url);
        await p.view.getByRole("button", { name: "Done" }).click();
        await link.waitFor({ state: "detached" });
      });

      await step("copy where the host grants what the resource asks: one link, or the list", {
        ...LIGHT,
        permissions: VIEW_PERMISSIONS,
      }, async (p) => {
        await p.call("toolResult", success(ITEMS));
        await p.view.getByRole("button", { name: "Copy link 3" }).click();
        await p.waitForText(".notice", "Link 3 copied");
        assert.equal(await p.clipboard(), ITEMS[2].url);
        await p.view.getByRole("button", { name: "Copy list" }).click();
        await p.waitForText(".notice", "List copied as Markdown");
        assert.equal(
          await p.clipboard(),
          ITEMS.map((item, i) => `${i + 1}. [${escapeMarkdown(item.title)}](${item.url})`)
            .join("\n"),
        );
        assert.equal(await p.view.locator(".copybox").count(), 0);
      });

      await step("full screen: offered only when the host lists it", LIGHT, async (p) => {
        await show(p, ITEMS);
        assert.equal(await p.view.getByRole("button", { name: /full screen/i }).count(), 0);
        await p.call("contextChanged", { availableDisplayModes: ["inline", "pip"] });
        await p.call("ping");
        assert.equal(await p.view.getByRole("button", { name: /full screen/i }).count(), 0);
      });

      await step("full screen: requested from the host, the host's mode reflected", {
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
      });

      await step("marks: hidden when the host takes no model context", LIGHT, async (p) => {
        await show(p, ITEMS);
        assert.equal(await p.view.locator(".mark").count(), 0);
      });

      await step("marks: the marked results go to the model context", {
        ...LIGHT,
        capabilities: { openLinks: {}, updateModelContext: { text: {} } },
      }, async (p) => {
        await p.call("toolResult", success(ITEMS));
        const mark = (n: number) =>
          p.view.getByRole("button", { name: `Mark ${n} for the assistant` });
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
      });

      await step("marks: structured content too when the host takes it", {
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
      });

      await step("blends in: transparent root, the content's height, no band", LIGHT, async (p) => {
        const band = () =>
          p.view.evaluate(() =>
            innerHeight -
            [...document.querySelectorAll(".card")].at(-1)!.getBoundingClientRect().bottom
          );
        const settled = async () => {
          const height = await p.view.evaluate(() =>
            Math.ceil(document.documentElement.getBoundingClientRect().height)
          );
          await hostSees(p, (host) => host.frameHeight() > 0);
          await p.page.waitForFunction(
            (height) => {
              const host = (globalThis as unknown as { host: TestHost }).host;
              return host.sizes().at(-1)?.height === height && host.frameHeight() === height;
            },
            height,
            { timeout: 5_000 },
          );
          return height;
        };
        await show(p, ITEMS);
        const three = await settled();
        assert.ok(three > 150, `${three}px tall with three cards`);
        assert.ok(await band() <= 4, "no band under the last card");
        const backgrounds = await p.view.evaluate(() =>
          [document.documentElement, document.body].map((e) => getComputedStyle(e).backgroundColor)
        );
        assert.deepEqual(backgrounds, ["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]);

        await show(p, [ITEMS[1]]);
        assert.ok(await settled() < three, "the frame shrinks with the content");
        assert.ok(await band() <= 4, "no band under the last card");
      });

      const fixed: OpenOptions = {
        ...LIGHT,
        context: { ...LIGHT.context, containerDimensions: { height: 300 } },
      };
      await step(
        "fixed height: scrolls within it and reports no more than it",
        fixed,
        async (p) => {
          await show(p, longResults(12));
          await hostSees(p, (host) => host.sizes().at(-1)?.height === 300);
          const end = await p.view.evaluate(() => {
            const page = document.scrollingElement!;
            page.scrollTop = page.scrollHeight;
            const last = [...document.querySelectorAll(".card")].at(-1)!;
            return [
              page.scrollHeight > innerHeight,
              innerHeight - last.getBoundingClientRect().bottom,
            ];
          });
          assert.equal(end[0], true, "the list scrolls inside the fixed height");
          assert.ok(Number(end[1]) >= 0 && Number(end[1]) <= 4, `${end[1]}px under the last card`);

          await show(p, [ITEMS[1]]);
          const content = await p.view.evaluate(() =>
            Math.ceil(document.documentElement.getBoundingClientRect().height)
          );
          assert.ok(content < 150, `${content}px of content`);
          await hostSees(p, (host) => host.frameHeight() < 150);
          assert.equal((await p.call("sizes")).at(-1)?.height, content, "no band left to fill");
        },
      );

      await step(
        "a frame left tall by an earlier size never inflates the report",
        LIGHT,
        async (p) => {
          await show(p, longResults(20));
          await hostSees(p, (host) => host.frameHeight() > 1_000);
          await p.call("contextChanged", { containerDimensions: { height: 300 } });
          await hostSees(p, (host) => host.sizes().at(-1)?.height === 300);
          await p.call("contextChanged", { containerDimensions: { maxHeight: 240 } });
          await hostSees(p, (host) => host.sizes().at(-1)?.height === 240);
        },
      );

      await step("theme: a host-context-changed to dark recolors the view", LIGHT, async (p) => {
        await show(p, ITEMS);
        const colors = () =>
          p.view.evaluate(() => [
            getComputedStyle(document.querySelector("h1")!).color,
            getComputedStyle(document.querySelector(".snippet")!).color,
            getComputedStyle(document.querySelector(".card + .card")!, "::before").borderTopColor,
            getComputedStyle(document.body).colorScheme,
          ]);
        const [text, snippet] = await colors();
        assert.ok(luminance(text) < 0.2 && luminance(snippet) < 0.2, `dark text ${text}`);

        await p.call("contextChanged", { theme: "dark" });
        await p.view.waitForFunction(() => document.documentElement.dataset.theme === "dark");
        const [darkText, darkSnippet, divider, scheme] = await colors();
        assert.ok(luminance(darkText) > 0.8 && luminance(darkSnippet) > 0.8, `light ${darkText}`);
        assert.notEqual(divider, "rgba(0, 0, 0, 0)", "cards keep a visible divider");
        assert.equal(scheme, "dark");
      });

      await step(
        "theme away from the browser's: readable, and see-through where it can be",
        LIGHT,
        async (p) => {
          // Host pages' own colours, unlike either canvas a browser paints for a frame. Some hosts
          // leave their page in the browser's colour scheme; others (the ext-apps basic-host, MCP
          // Inspector) switch it with their theme.
          const hostColor = { light: [250, 220, 250], dark: [60, 0, 60] };
          const gutter = async () => {
            const { x, y } = await p.view.locator(".card").first().evaluate((card) => {
              const box = card.getBoundingClientRect();
              return { x: box.left + 36, y: box.top + box.height / 2 };
            });
            return await p.pixel(x, y);
          };
          try {
            await show(p, ITEMS);
            await p.page.mouse.move(0, 0);
            for (const page of ["browser's", "theme's"] as const) {
              for (const [browser, theme] of [["light", "dark"], ["dark", "light"]] as const) {
                const host = hostColor[theme];
                await p.page.evaluate(([scheme, color]) => {
                  document.documentElement.style.colorScheme = scheme;
                  document.body.style.background = color;
                }, [page === "theme's" ? theme : "light dark", `rgb(${host.join(", ")})`]);
                await p.page.emulateMedia({ colorScheme: browser });
                await p.call("contextChanged", { theme });
                await p.view.waitForFunction(
                  (theme) => document.documentElement.dataset.theme === theme,
                  theme,
                );
                await p.page.evaluate(() => new Promise(requestAnimationFrame));
                const behind = await gutter();
                const text = await p.view.evaluate(() =>
                  getComputedStyle(document.querySelector(".snippet")!).color
                );
                const where =
                  `a ${theme} host, its page in the ${page} scheme, a ${browser} browser`;
                assert.ok(
                  contrast(rgb(text), behind) >= 4.5,
                  `${where}: text ${text} on rgb(${behind.join(", ")})`,
                );
                if (page === "theme's") assert.deepEqual(behind, host, `${where}: see-through`);
              }
            }
          } finally {
            await p.page.emulateMedia({ colorScheme: null });
            await p.page.evaluate(() => {
              document.documentElement.style.colorScheme = "";
              document.body.style.background = "";
            });
          }
        },
      );

      // The ext-apps basic-host's type scale and panel colour.
      const panel = "rgb(245, 245, 245)";
      const basicHost: OpenOptions = {
        capabilities: { updateModelContext: { text: {} } },
        context: {
          theme: "light",
          styles: {
            variables: {
              "--font-heading-xs-size": "0.75rem",
              "--font-text-lg-size": "1.125rem",
              "--color-background-secondary": panel,
            } as Partial<McpUiStyles> as McpUiStyles,
          },
        },
      };
      await step(
        "a host's small heading size: the heading still tops the titles",
        basicHost,
        async (p) => {
          await show(p, ITEMS);
          const [heading, title] = await p.view.evaluate(() =>
            [document.querySelector("h1")!, document.querySelector(".title")!]
              .map((element) => parseFloat(getComputedStyle(element).fontSize))
          );
          assert.equal(title, 18, "the host's card title size applies");
          assert.ok(heading > title, `the heading is ${heading}px, the titles ${title}px`);
        },
      );

      await step("marks show on the host's panel colour", basicHost, async (p) => {
        await p.page.evaluate((panel) => document.body.style.background = panel, panel);
        try {
          await show(p, ITEMS);
          await p.view.getByRole("button", { name: "Mark 2 for the assistant" }).click();
          await p.page.mouse.move(0, 0);
          const gutter = (n: number) =>
            p.view.locator(".card").nth(n).evaluate((card) => {
              const box = card.getBoundingClientRect();
              return { x: box.left + 36, y: box.top + box.height - 4 };
            });
          const [plain, marked] = [await gutter(0), await gutter(1)];
          const background = rgb(panel);
          assert.deepEqual(await p.pixel(plain.x, plain.y), background, "an unmarked card");
          const tint = await p.pixel(marked.x, marked.y);
          const difference = tint.reduce(
            (sum, value, i) => sum + Math.abs(value - background[i]),
            0,
          );
          assert.ok(difference >= 30, `the marked card's ${tint} stands out from ${background}`);
        } finally {
          await p.page.evaluate(() => document.body.style.background = "");
        }
      });

      await step("copy box: long lines wrap, so every line shows its start", {
        ...LIGHT,
        width: 392,
      }, async (p) => {
        const items = longResults(3).map((item) => ({
          ...item,
          title: `${item.title} `.repeat(4),
        }));
        await show(p, items);
        await p.view.getByRole("button", { name: "Copy list" }).click();
        const area = p.view.locator("main > .copybox textarea");
        await area.waitFor();
        const shown = await area.evaluate((
          area,
        ) => [area.scrollLeft, area.scrollWidth <= area.clientWidth]);
        assert.deepEqual(shown, [0, true], "no line runs off to the side");
      });

      const styled: OpenOptions = {
        capabilities: {},
        context: {
          theme: "light",
          styles: {
            variables: {
              "--color-background-primary": "rgb(1, 2, 3)",
              "--color-text-primary": "rgb(250, 240, 230)",
              "--font-sans": '"Host Sans", serif',
            } as Partial<McpUiStyles> as McpUiStyles,
            css: { fonts: '@font-face { font-family: "Host Sans"; src: local("DejaVu Sans"); }' },
          },
        },
      };
      await step(
        "host variables and fonts apply and survive partial updates",
        styled,
        async (p) => {
          await p.call("toolResult", success(ITEMS));
          await p.view.locator("h1").waitFor();
          const style = () =>
            p.view.evaluate(() => {
              return [
                getComputedStyle(document.documentElement).backgroundColor,
                getComputedStyle(document.querySelector("h1")!).color,
                getComputedStyle(document.body).fontFamily,
              ];
            });
          const expected = ["rgba(0, 0, 0, 0)", "rgb(250, 240, 230)", '"Host Sans", serif'];
          assert.deepEqual(await style(), expected, "the host paints the background");
          const loaded = await p.view.evaluate(async () =>
            (await document.fonts.load('16px "Host Sans"')).map((font) => font.family)
          );
          assert.deepEqual(loaded, ["Host Sans"], "the host's @font-face is in use");
          await p.call("contextChanged", { theme: "dark" });
          await p.view.waitForFunction(() => document.documentElement.dataset.theme === "dark");
          assert.deepEqual(await style(), expected, "merged, not replaced");
          await p.call("contextChanged", { styles: { variables: {} as McpUiStyles } });
          await p.view.waitForFunction(() =>
            getComputedStyle(document.querySelector("h1")!).color !== "rgb(250, 240, 230)"
          );
        },
      );

      const arabic = { ...LIGHT, context: { ...LIGHT.context, locale: "ar-EG" } };
      await step("locale formats the count", arabic, async (p) => {
        await p.call("toolResult", success(ITEMS));
        await p.waitForText(".count", "٣ results");
        assert.deepEqual(await p.view.locator(".num").allTextContents(), ["1", "2", "3"]);
      });

      await step("markup in titles and snippets is text and never runs", LIGHT, async (p) => {
        const markup = [
          { title: `<img src=x onerror="window.pwned=1">`, url: "https://a.example/" },
          {
            title: `<script>window.pwned=2</script>`,
            url: "https://b.example/",
            text: "<b>bold</b>",
          },
          { title: "Not a link", url: "javascript:window.pwned=3" },
        ];
        await p.call("toolResult", success(markup, "<i>heading</i>"));
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
      });

      await step("duplicates render as separate cards with their own state", LIGHT, async (p) => {
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
      });

      await step("Unicode titles, URLs and snippets show as given", LIGHT, async (p) => {
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
      });

      await step("50 cards from one tool result", LIGHT, async (p) => {
        const items = longResults(50);
        await p.call("toolInput", { results: items });
        await p.call("toolResult", success(items));
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
      });
      await step("malformed and foreign messages never break the view", LIGHT, async (p) => {
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
        assert.equal(await p.view.locator("[role=status]").textContent(), "");
        assert.equal(await p.view.locator("h1, .card").count(), 0, "nothing was drawn");

        await p.call("post", {
          jsonrpc: "2.0",
          method: "ui/notifications/tool-result",
          params: null,
        });
        await p.waitForText("[role=status]", "The results could not be shown.");
        await show(p, ITEMS);
        assert.deepEqual(
          await p.view.locator(".title").allTextContents(),
          ITEMS.map((i) => i.title),
        );
      });

      await step("the harness sees CSP violations", LIGHT, async (p) => {
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
      });
    } finally {
      await host.close();
    }
  },
});
