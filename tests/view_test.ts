/**
 * Tests of the card-list view: its pure helpers directly, and the built HTML resource in headless
 * Chromium under the real `AppBridge` from `@modelcontextprotocol/ext-apps` (see
 * `support/browser_host.ts`). The browser tests skip where Chromium is absent, except under `CI=true`.
 */
import assert from "node:assert/strict";
import type { McpUiStyles } from "@modelcontextprotocol/ext-apps";
import { buildView, MAX_BYTES, OUTPUT } from "../ui/build.ts";
import { siteBadge } from "../ui/badge.ts";
import { makeFormats } from "../ui/formats.ts";
import { escapeScript, escapeStyle, inlineHtml } from "../ui/inline_html.ts";
import { escapeMarkdown, markdownList } from "../ui/markdown.ts";
import { readFacts } from "../ui/metadata.ts";
import { markedContext } from "../ui/model_context.ts";
import { fromToolInput, fromToolResult, type ResultItem } from "../ui/state.ts";
import { displayHost, linkHref } from "../ui/url.ts";
import { BrowserHost, CHROMIUM, hasChromium, type ViewPage } from "./support/browser_host.ts";
import type { OpenOptions, TestHost } from "./support/host_page.ts";

interface Item {
  id?: string;
  title: string;
  url: string;
  text?: string;
  metadata?: Record<string, unknown>;
}

function success(results: Item[], title = "Search results") {
  const text = results.map((item, index) => `${index + 1}. ${item.title}\n   ${item.url}`).join(
    "\n",
  );
  return {
    isError: false,
    content: [{ type: "text" as const, text: `${title}\n\n${text || "No results to display."}` }],
    structuredContent: {
      title,
      total: results.length,
      results: results.map((item) => ({ ...item, id: item.id ?? item.url })),
    },
  };
}

const ITEMS: Item[] = [
  {
    title: "Deno 2.0 release notes",
    url: "https://www.deno.com/blog/v2.0",
    text: "Deno 2 is backwards compatible with Node and npm, and it brings a standard library, " +
      "private registries, workspaces and long-term support. ".repeat(4),
  },
  { title: "Preact: fast 3kB alternative to React", url: "https://preactjs.com/" },
  { title: "MCP Apps specification", url: "http://example.org/specification/2026-01-26" },
];

/** A result as the view reads it, numbered `number`. */
function resultItem(number: number, item: Item): ResultItem {
  return {
    number,
    id: item.id ?? item.url,
    title: item.title,
    url: item.url,
    text: item.text ?? "",
    facts: readFacts(item.metadata),
  };
}

// Unit tests: no browser.

Deno.test("linkHref accepts only absolute http: and https: URLs", () => {
  assert.equal(linkHref("https://example.com/a?b#c"), "https://example.com/a?b#c");
  assert.equal(linkHref("http://example.com"), "http://example.com/");
  for (const url of ["javascript:alert(1)", "data:text/html,x", "ftp://x.org/", "/relative", ""]) {
    assert.equal(linkHref(url), undefined, url);
  }
  assert.equal(linkHref("https://"), undefined, "a URL still being streamed");
});

Deno.test("displayHost drops a leading www. and nothing else", () => {
  assert.equal(displayHost("https://www.example.com/x"), "example.com");
  assert.equal(displayHost("https://docs.www.example.com/"), "docs.www.example.com");
  assert.equal(displayHost("https://wwwexample.com/"), "wwwexample.com");
  assert.equal(displayHost("not a url"), "");
});

Deno.test("fromToolResult numbers results by their position and turns failures into an error", () => {
  const state = fromToolResult(success([ITEMS[1], ITEMS[1], ITEMS[2]]));
  assert.deepEqual(state, {
    phase: "ready",
    title: "Search results",
    results: [resultItem(1, ITEMS[1]), resultItem(2, ITEMS[1]), resultItem(3, ITEMS[2])],
  });
  const gap = success([ITEMS[0], ITEMS[1], ITEMS[2]]);
  (gap.structuredContent.results as unknown[])[1] = "not an object";
  const numbers = fromToolResult(gap);
  assert.equal(numbers.phase, "ready");
  assert.deepEqual(
    numbers.phase === "ready" && numbers.results.map((item) => item.number),
    [1, 3],
    "a malformed entry keeps its number, so the others keep the text list's numbers",
  );
  assert.deepEqual(
    fromToolResult({ isError: true, content: [{ type: "text", text: "boom" }] }),
    { phase: "error", detail: "boom" },
  );
  assert.deepEqual(
    fromToolResult({ content: [], structuredContent: { results: "nope" } }),
    { phase: "error", detail: "" },
  );
});

Deno.test("fromToolInput previews streamed entries and leaves out those without a title yet", () => {
  const state = fromToolInput({
    arguments: {
      title: "Sear",
      results: [
        { title: "Deno", url: "https://www.deno.com/blog/v2.0", text: "Deno 2 is" },
        { url: "https://preactjs.com/" },
        { title: "  ", url: "https://example.org/" },
        { title: "MCP Apps spec", url: "htt" },
        7,
      ],
    },
  });
  assert.deepEqual(state, {
    phase: "preparing",
    title: "Sear",
    results: [
      resultItem(1, { title: "Deno", url: "https://www.deno.com/blog/v2.0", text: "Deno 2 is" }),
      resultItem(4, { title: "MCP Apps spec", url: "htt" }),
    ],
  });
  assert.deepEqual(fromToolInput({}), { phase: "preparing", title: "", results: [] });
  assert.deepEqual(fromToolInput({ arguments: { results: "x", title: 3 } }), {
    phase: "preparing",
    title: "",
    results: [],
  });
});

Deno.test("readFacts takes the first non-blank string of each fact's keys", () => {
  assert.deepEqual(
    readFacts({
      date: "2020-01-01",
      publishedAt: "2026-01-26T10:00:00Z",
      byline: "By Ada",
      author: "Ada Lovelace",
      source: "web",
      site_name: "Deno Blog",
    }),
    { published: "2026-01-26T10:00:00Z", author: "Ada Lovelace", site: "Deno Blog" },
  );
  assert.deepEqual(readFacts({ published_at: "2026-01-26", publishedDate: "2025-01-01" }), {
    published: "2026-01-26",
  });
  assert.deepEqual(
    readFacts({ published: 1_767_225_600, author: { name: "Ada" }, byline: " ", siteName: "" }),
    {},
    "numbers, objects and blank strings are ignored",
  );
  assert.deepEqual(readFacts({ author: "  Grace Hopper \n" }), { author: "Grace Hopper" });
  for (const value of [undefined, null, "text", 3, ["author"]]) {
    assert.deepEqual(readFacts(value), {}, String(value));
  }
});

Deno.test("dates follow the host's locale and time zone; calendar days never shift", () => {
  const newYork = makeFormats("en-US", "America/New_York");
  assert.deepEqual(newYork.date("2026-03-01T02:30:00Z"), {
    text: "Feb 28, 2026",
    datetime: "2026-03-01T02:30:00.000Z",
  });
  assert.deepEqual(newYork.date("2026-01-26"), { text: "Jan 26, 2026", datetime: "2026-01-26" });
  assert.equal(makeFormats("en-US", "Asia/Tokyo").date("2026-01-26").text, "Jan 26, 2026");
  assert.equal(makeFormats("de-DE", "Europe/Berlin").date("2026-01-26").text, "26.01.2026");
  assert.equal(newYork.date("Tue, 03 Mar 2026 10:00:00 GMT").text, "Mar 3, 2026");
  for (const value of ["last spring", "2026", "2026-01", "2026-02-30", "2026-13-01", "Version 2"]) {
    assert.deepEqual(newYork.date(value), { text: value }, `${value} is shown as given`);
  }
  const fallback = makeFormats("not a locale!", "Mars/Base");
  assert.match(fallback.date("2026-01-26").text, /2026/);
  assert.equal(makeFormats("ar-EG", undefined).count(3), "٣");
});

Deno.test("siteBadge derives a letter and a hue from the host name alone", () => {
  assert.deepEqual(siteBadge("docs.deno.com", "Deno docs"), siteBadge("docs.deno.com", "Other"));
  assert.equal(siteBadge("docs.deno.com", "x").letter, "D");
  assert.equal(siteBadge("www.bbc.co.uk", "x").letter, "B");
  assert.equal(siteBadge("example.com.au", "x").letter, "E");
  assert.equal(siteBadge("localhost", "x").letter, "L");
  assert.equal(siteBadge("xn--r8jz45g.jp", "例え").letter, "例", "punycode takes the site's name");
  assert.equal(siteBadge("", "«ßeta»").letter, "S");
  assert.equal(siteBadge("", "…").letter, "#");
  const hues = new Set(
    ["a.com", "b.com", "c.org", "deno.com", "preactjs.com"].map((host) => siteBadge(host, "").hue),
  );
  assert.equal(hues.size, 5, "different hosts, different hues");
  for (const hue of hues) assert.ok(Number.isInteger(hue) && hue >= 0 && hue < 360);
});

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

Deno.test("the model context names the marked results by number, title and URL", () => {
  const marked = [resultItem(2, ITEMS[1]), resultItem(3, ITEMS[2])];
  const text = 'The user marked 2 of the 3 results of render_results ("Search\nresults"):\n' +
    `[2] ${ITEMS[1].title} — ${ITEMS[1].url}\n[3] ${ITEMS[2].title} — ${ITEMS[2].url}`;
  assert.deepEqual(markedContext("Search\nresults", 3, marked, { text: {} }), {
    content: [{ type: "text", text: text.replace("Search\nresults", "Search results") }],
  });
  assert.deepEqual(markedContext("Search", 3, marked, { text: {}, structuredContent: {} }), {
    content: [{ type: "text", text: text.replace("Search\nresults", "Search") }],
    structuredContent: {
      marked: marked.map(({ number, title, url }) => ({ number, title, url })),
    },
  });
  assert.deepEqual(markedContext("Search", 3, [], {}), {
    content: [{
      type: "text",
      text: 'The user has marked none of the 3 results of render_results ("Search").',
    }],
  });
});

Deno.test("inlined script and style cannot close their elements early", () => {
  assert.equal(escapeScript(`a="</script><!--"`), `a="\\x3C/script>\\x3C!--"`);
  assert.equal(escapeScript(`a="</SCRIPT>"`), `a="\\x3C/SCRIPT>"`);
  assert.equal(escapeStyle(`a{content:"</style>"}`), `a{content:"\\3C/style>"}`);
  const html = inlineHtml(`x("</script>")`, `b{}`);
  assert.equal(html.match(/<\/script/gi)?.length, 1);
  assert.equal(html.match(/<\/style/gi)?.length, 1);
});

Deno.test("the built resource is one small self-contained document", async () => {
  const html = await Deno.readTextFile(OUTPUT).catch(() => buildView());
  assert.ok(new TextEncoder().encode(html).length <= MAX_BYTES);
  assert.equal(html.match(/<script\b/g)?.length, 1);
  assert.equal(html.match(/<\/script/g)?.length, 1);
  assert.doesNotMatch(html, /<script[^>]+src=|<link\b|<img\b/i, "no external script or link");
  const css = html.match(/<style>(.*)<\/style>/s)?.[1] ?? "";
  assert.doesNotMatch(css, /@import|url\(/i, "the style sheet fetches nothing");
  assert.doesNotMatch(html, /\beval\(|new Function\b/, "nothing the default CSP forbids");
});

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

const present = await hasChromium();
const ci = Deno.env.get("CI") === "true";
if (!present && !ci) {
  console.warn(`Skipping the browser tests of the view: ${CHROMIUM} is absent.`);
}

const LIGHT: OpenOptions = {
  capabilities: { openLinks: {} },
  context: { theme: "light", locale: "en-US", displayMode: "inline" },
};

function rgb(color: string): number[] {
  const match = color.match(/^rgba?\((\d+), (\d+), (\d+)/);
  assert.ok(match, `not an rgb() color: ${color}`);
  return match.slice(1).map(Number);
}

function luminance(color: string): number {
  const [r, g, b] = rgb(color);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
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

      await step(
        "preparing, then ready: heading and one card per result in order",
        LIGHT,
        async (p) => {
          await p.call("toolInputPartial", { results: [] });
          await p.waitForText("[role=status]", "Preparing results…");
          await p.call("toolInput", { results: ITEMS, title: "Search results" });
          const status = p.view.locator("[role=status]");
          assert.equal(await status.isVisible(), true);
          assert.equal(await p.view.locator("ol").count(), 0);

          await p.call("toolResult", success(ITEMS));
          await p.waitForText("[role=status]", "Results ready");
          assert.equal(
            await status.evaluate((e) => e.getBoundingClientRect().width),
            1,
            "visually hidden",
          );
          assert.equal(await p.view.locator("h1").textContent(), "Search results");
          assert.equal(await p.view.locator(".count").textContent(), "3 results");
          const cards = p.view.locator("ol > li");
          assert.equal(await cards.count(), 3);
          for (const [index, item] of ITEMS.entries()) {
            const card = cards.nth(index);
            const link = card.locator("a");
            assert.equal(await link.textContent(), item.title);
            assert.equal(await link.getAttribute("href"), new URL(item.url).href);
            assert.equal(await card.locator(".url").textContent(), item.url);
            assert.equal(
              await card.locator(".host").textContent(),
              new URL(item.url).hostname.replace(/^www\./, ""),
            );
          }
          assert.equal(await cards.nth(0).locator(".host").textContent(), "deno.com");

          const height = await p.view.evaluate(() => document.documentElement.scrollHeight);
          assert.ok(height > 300, `${height}px tall with three cards`);
          await p.page.waitForFunction(
            (height) =>
              (globalThis as unknown as { host: TestHost }).host.sizes().at(-1)?.height === height,
            height,
            { timeout: 5_000 },
          );
        },
      );

      await step("snippets are clamped, with a control to expand them", LIGHT, async (p) => {
        await p.call("toolResult", success([ITEMS[0], { ...ITEMS[1], text: "Short snippet." }]));
        const [long, short] = [p.view.locator(".card").nth(0), p.view.locator(".card").nth(1)];
        const button = long.locator("button");
        await button.waitFor();
        assert.equal(await short.locator(".snippet").textContent(), "Short snippet.");
        assert.equal(await short.locator("button").count(), 0, "nothing to expand");
        assert.equal(await button.textContent(), "Show more");
        assert.equal(await button.getAttribute("aria-expanded"), "false");
        const snippet = long.locator(".snippet");
        assert.equal(await snippet.textContent(), ITEMS[0].text);
        const clamped = await snippet.evaluate((e) => e.clientHeight);
        const lineHeight = await snippet.evaluate((e) =>
          parseFloat(getComputedStyle(e).lineHeight)
        );
        assert.ok(clamped <= lineHeight * 3 + 1, `${clamped}px is at most three lines`);

        await button.click();
        assert.equal(await button.textContent(), "Show less");
        assert.equal(await button.getAttribute("aria-expanded"), "true");
        assert.ok(await snippet.evaluate((e) => e.clientHeight) > clamped, "expanded is taller");
        await button.click();
        assert.equal(await snippet.evaluate((e) => e.clientHeight), clamped);
      });

      await step("empty list: the heading and a note", LIGHT, async (p) => {
        await p.call("toolInput", { results: [] });
        await p.call("toolResult", success([], "Nothing here"));
        await p.waitForText("h1", "Nothing here");
        assert.equal(await p.view.locator(".empty").textContent(), "No results to display.");
        assert.equal(await p.view.locator("ol, li, .count").count(), 0);
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
        await p.call("toolCancelled", "user action");
        await p.waitForText("[role=status]", "Cancelled: no results to show.");
        assert.equal(await spinner(), "none");
        assert.equal(await p.view.locator("ol").count(), 0);
      });

      await step("links open through the host when it can open links", LIGHT, async (p) => {
        await p.call("toolResult", success(ITEMS));
        const link = p.view.locator("a").nth(1);
        await link.click();
        await p.page.waitForFunction(() =>
          (globalThis as unknown as { host: TestHost }).host.links().length > 0
        );
        assert.deepEqual(await p.call("links"), [ITEMS[1].url]);
        await link.press("Enter");
        await p.page.waitForFunction(() =>
          (globalThis as unknown as { host: TestHost }).host.links().length > 1
        );
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

      await step("keyboard: Tab reaches each link and shows a focus ring", LIGHT, async (p) => {
        await p.call("toolResult", success(ITEMS));
        await p.view.locator("a").first().waitFor();
        const focused: string[] = [];
        for (let i = 0; i < 4; i++) {
          await p.page.keyboard.press("Tab");
          focused.push(await p.view.evaluate(() => document.activeElement?.textContent ?? ""));
        }
        assert.deepEqual(focused, [ITEMS[0].title, "Show more", ITEMS[1].title, ITEMS[2].title]);
        const outline = await p.view.evaluate(() =>
          getComputedStyle(document.activeElement!).outlineStyle
        );
        assert.equal(outline, "solid");
      });

      await step("theme: a host-context-changed to dark recolors the view", LIGHT, async (p) => {
        await p.call("toolResult", success(ITEMS));
        await p.view.locator(".card").first().waitFor();
        const colors = () =>
          p.view.evaluate(() => [
            getComputedStyle(document.documentElement).backgroundColor,
            getComputedStyle(document.querySelector("h1")!).color,
            getComputedStyle(document.querySelector(".card")!).borderTopColor,
          ]);
        const [background, text] = await colors();
        assert.ok(luminance(background) > 0.9, `light background ${background}`);
        assert.ok(luminance(text) < 0.2, `dark text ${text}`);

        await p.call("contextChanged", { theme: "dark" });
        await p.view.waitForFunction(() => document.documentElement.dataset.theme === "dark");
        const [darkBackground, darkText, darkBorder] = await colors();
        assert.ok(luminance(darkBackground) < 0.2, `dark background ${darkBackground}`);
        assert.ok(luminance(darkText) > 0.8, `light text ${darkText}`);
        assert.notEqual(darkBorder, darkBackground, "cards keep a visible border");
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
              const root = getComputedStyle(document.documentElement);
              return [
                root.backgroundColor,
                getComputedStyle(document.querySelector("h1")!).color,
                root.fontFamily,
              ];
            });
          const expected = ["rgb(1, 2, 3)", "rgb(250, 240, 230)", '"Host Sans", serif'];
          assert.deepEqual(await style(), expected);
          const loaded = await p.view.evaluate(async () =>
            (await document.fonts.load('16px "Host Sans"')).map((font) => font.family)
          );
          assert.deepEqual(loaded, ["Host Sans"], "the host's @font-face is in use");
          await p.call("contextChanged", { theme: "dark" });
          await p.view.waitForFunction(() => document.documentElement.dataset.theme === "dark");
          assert.deepEqual(await style(), expected, "merged, not replaced");
          await p.call("contextChanged", { styles: { variables: {} as McpUiStyles } });
          await p.view.waitForFunction(() =>
            getComputedStyle(document.documentElement).backgroundColor !== "rgb(1, 2, 3)"
          );
        },
      );

      const bounded = {
        ...LIGHT,
        context: { ...LIGHT.context, containerDimensions: { maxHeight: 240 } },
      };
      await step("container dimensions bound the reported size", bounded, async (p) => {
        await p.call("toolResult", success(ITEMS.concat(ITEMS, ITEMS)));
        await p.view.locator(".card").nth(8).waitFor();
        assert.equal(
          await p.view.evaluate(() => getComputedStyle(document.documentElement).maxHeight),
          "240px",
        );
        await p.page.waitForFunction(() =>
          (globalThis as unknown as { host: TestHost }).host.sizes().at(
            -1,
          )
            ?.height === 240
        );
        await p.call("contextChanged", { containerDimensions: { height: 300 } });
        await p.view.waitForFunction(() => document.documentElement.style.height === "100vh");
        assert.equal(
          await p.view.evaluate(() => getComputedStyle(document.documentElement).maxHeight),
          "none",
        );
      });

      const arabic = { ...LIGHT, context: { ...LIGHT.context, locale: "ar-EG" } };
      await step("locale formats the count", arabic, async (p) => {
        await p.call("toolResult", success(ITEMS));
        await p.waitForText(".count", "٣ results");
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
        await cards.nth(2).locator("button").waitFor();
        assert.equal(await cards.count(), 3);
        await cards.nth(1).locator("button").click();
        const expanded = await cards.locator("button").evaluateAll((buttons) =>
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
        assert.deepEqual(await p.view.locator(".host").allTextContents(), [
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
        const items = Array.from({ length: 50 }, (_, i) => ({
          title: `Result ${i + 1}: a title of a typical length for a search result`,
          url: `https://www.example${i % 7}.com/articles/${i + 1}?ref=search`,
          text: i % 2 ? ITEMS[0].text : `Snippet ${i + 1}`,
        }));
        await p.call("toolInput", { results: items });
        await p.call("toolResult", success(items));
        await p.view.locator(".more").nth(24).waitFor();
        assert.deepEqual(
          await p.view.locator(".title").allTextContents(),
          items.map((item) => item.title),
        );
        assert.equal(await p.view.locator(".more").count(), 25, "every long snippet can expand");
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
        await p.page.waitForFunction(() =>
          (globalThis as unknown as { host: TestHost }).host.received()
            .some((message) => (message as { id?: unknown }).id === "x-1")
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
        await p.call("toolResult", success(ITEMS));
        await p.view.locator(".card").nth(2).waitFor();
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
