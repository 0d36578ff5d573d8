/**
 * The view in a second real renderer, end to end: `@mcp-ui/client`'s `AppRenderer` (React 19)
 * in a page built as its README shows (`support/mcp_ui_page.ts`), in headless Chromium. The
 * page's MCP client calls `render_results` through the server's fetch handler in this process,
 * and the renderer reads the view's resource itself. The renderer runs with its defaults: it
 * offers `openLinks` but answers `ui/open-link` with an error, offers no downloads and no model
 * context, grants the view no clipboard, and sizes its frame from `ui/notifications/size-changed`.
 * One `Deno.test` a case, so each can run alone (`--filter`); the cases share one browser and one
 * server, started by the first case that runs and closed after the file's last. Skipped with a
 * message where Chromium is absent, except under `CI=true`.
 */
import assert from "node:assert/strict";
import type { Frame } from "playwright-core";
import { browserSuite } from "./support/browser_suite.ts";
import { eventually } from "./support/eventually.ts";
import { createTestServer } from "./support/http_server.ts";
import { McpUiHost } from "./support/mcp_ui_host.ts";

/** Eight sources with sites and dates: enough for the filter field, and dated for sorting. */
const SOURCES = [
  ["Volcanoes of Iceland", "geo.example", "2026-03-02"],
  ["Deno 2 released", "deno.com", "2026-07-15"],
  ["Preact signals", "preactjs.com", "2026-01-20"],
  ["Tide tables", "sea.example", "2026-09-01"],
  ["MCP Apps", "mcp.example", "2026-05-11"],
  ["Sourdough basics", "bread.example", "2026-02-28"],
  ["Comet tails", "sky.example", "2026-08-08"],
  ["Chess openings", "chess.example", "2026-04-30"],
].map(([title, host, published], i) => ({
  title,
  url: `https://${host}/articles/${i + 1}`,
  text: `Snippet ${i + 1} about ${title.toLowerCase()}.`,
  metadata: { published },
}));

const ARGS = { title: "Reading list", results: SOURCES };

/** The window every case starts in, in CSS pixels. */
const WINDOW = { width: 760, height: 900 };

const suite = browserSuite(
  "the @mcp-ui/client renderer tests",
  async () => {
    const server = await createTestServer();
    try {
      return { server, host: await McpUiHost.start(server.fetch, WINDOW.width) };
    } catch (error) {
      await server[Symbol.asyncDispose]();
      throw error;
    }
  },
  async ({ server, host }) => {
    await host.close();
    await server[Symbol.asyncDispose]();
  },
);

/**
 * The test `name`, for `Deno.test`: `fn` run on the renderer's page in a window of the starting
 * size, then the view checked for console errors and CSP violations.
 */
function rendererCase(name: string, fn: (host: McpUiHost) => Promise<void>): Deno.TestDefinition {
  return suite(`AppRenderer: ${name}`, async ({ host }) => {
    await host.page.setViewportSize(WINDOW);
    host.errors.length = 0;
    await fn(host);
    assert.deepEqual(host.viewErrors(), [], "console errors or CSP violations in the view");
  });
}

/** The titles of the cards the view shows, in order. */
function cardTitles(view: Frame): Promise<string[]> {
  return view.locator(".card h2").allTextContents();
}

/** The value of the first shown text field or area in the view whose value contains `text`. */
function shownFieldWith(view: Frame, text: string): Promise<string | undefined> {
  return view.evaluate((text) => {
    const fields = document.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>(
      "textarea, input:not([type=search])",
    );
    return [...fields].find((field) => field.value.includes(text) && field.offsetWidth > 0)
      ?.value;
  }, text);
}

/** The relative luminance (0 to 1) of the heading's text colour, as a person sees it. */
function headingLuminance(view: Frame): Promise<number> {
  return view.locator("h1").evaluate((heading) => {
    const [r, g, b] = getComputedStyle(heading).color.match(/\d+(\.\d+)?/g)!.map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
}

Deno.test(rendererCase(
  "the view mounts folded to its first cards, and unfolds to all of them in order",
  async (host) => {
    const view = await host.show("render_results", ARGS);
    await view.waitForSelector(".card");
    assert.equal(await view.locator("h1").textContent(), "Reading list");
    assert.deepEqual(await view.locator(".card .num").allTextContents(), ["1", "2", "3", "4"]);
    await view.getByRole("button", { name: "Show all 8" }).click();
    await eventually(async () => (await cardTitles(view)).length === 8, "the whole list");
    assert.deepEqual(
      await view.locator(".card .num").allTextContents(),
      SOURCES.map((_, i) => String(i + 1)),
    );
    assert.deepEqual(await cardTitles(view), SOURCES.map((source) => source.title));
  },
));

Deno.test(rendererCase(
  "the filter narrows the cards and the sort puts the newest first",
  async (host) => {
    const view = await host.show("render_results", ARGS);
    await view.getByRole("searchbox").fill("comet");
    await eventually(async () => (await cardTitles(view)).length === 1, "the filtered list");
    assert.deepEqual(await cardTitles(view), ["Comet tails"]);
    await view.getByRole("searchbox").fill("");
    await view.getByRole("button", { name: "Newest first" }).click();
    const newest = SOURCES.toSorted((a, b) =>
      b.metadata.published.localeCompare(a.metadata.published)
    ).map((source) => source.title);
    await eventually(
      async () => (await cardTitles(view))[0] === newest[0],
      "the newest card on top",
    );
    // Folded or not (the list comes back as the reader left it before), the cards are the first
    // of the whole list in its new order.
    const titles = await cardTitles(view);
    assert.ok(titles.length >= 4, `${titles.length} cards`);
    assert.deepEqual(titles, newest.slice(0, titles.length));
  },
));

Deno.test(rendererCase(
  "export and copy hand over the list's text where there is no clipboard",
  async (host) => {
    const view = await host.show("render_results", ARGS);
    await view.getByRole("group", { name: "Copy all as" }).getByRole("button", { name: "CSV" })
      .click();
    await eventually(async () => !!await shownFieldWith(view, "Comet tails"), "the CSV text");
    const csv = (await shownFieldWith(view, "Comet tails"))!;
    for (const source of SOURCES) assert.ok(csv.includes(source.url), source.url);
    assert.equal(csv.split(/\r?\n/).filter(Boolean).length, SOURCES.length + 1, "rows");

    await view.getByRole("button", { name: "Copy list" }).click();
    await eventually(async () => !!await shownFieldWith(view, "1. ["), "the Markdown list");
    assert.match((await shownFieldWith(view, "1. ["))!, /^1\. \[Volcanoes of Iceland\]/);

    await view.getByRole("button", { name: "Copy link 4" }).click();
    await eventually(
      async () => await shownFieldWith(view, SOURCES[3].url) === SOURCES[3].url,
      "link 4 shown for copying",
    );
  },
));

Deno.test(rendererCase("the theme follows the host's", async (host) => {
  const view = await host.show("render_results", ARGS, "dark");
  await eventually(async () => await headingLuminance(view) > 0.7, "light text on dark");
  await host.setTheme("light");
  await eventually(async () => await headingLuminance(view) < 0.3, "dark text on light");
}));

Deno.test(rendererCase(
  "after the window narrows, the frame follows and nothing is cut off",
  async (host) => {
    const view = await host.show("render_results", ARGS);
    await view.waitForSelector(".card");
    await host.page.setViewportSize({ width: 420, height: WINDOW.height });
    // What a person sees: the frame inside the host's container, and the view's content
    // (titles, URLs, buttons) inside the frame.
    const fits = async () => {
      const container = await host.page.locator("#container").boundingBox();
      const frame = await host.page.locator("#container iframe").boundingBox();
      const overflow = await view.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth
      );
      return !!container && !!frame && frame.x + frame.width <= container.x + container.width &&
        overflow <= 0;
    };
    await eventually(fits, "the frame and the view to fit the narrowed window", 5_000)
      .catch(async (error) => {
        const frame = await host.page.locator("#container iframe").boundingBox();
        const container = await host.page.locator("#container").boundingBox();
        throw new Error(
          `${error.message} Container ${container?.width} px wide, frame ${frame?.width} px ` +
            `(sizes the view reported: ${JSON.stringify(await host.reportedSizes())})`,
        );
      });
  },
));

Deno.test(rendererCase("a link the host fails to open is shown for copying", async (host) => {
  const view = await host.show("render_results", ARGS);
  await view.getByRole("link", { name: SOURCES[0].title }).click();
  await eventually(
    async () => await shownFieldWith(view, SOURCES[0].url) === SOURCES[0].url,
    "the link shown for copying after the host refused to open it",
    5_000,
  );
}));
