/**
 * How the view lays out in the frames hosts give it, in Chromium under the real `AppBridge` (see
 * `support/view_suite.ts`): folded to its first cards inline and whole in full screen, in a frame
 * of fixed height or one that never grows, and the small faults readers met in real hosts.
 */
import assert from "node:assert/strict";
import type { McpUiStyles } from "@modelcontextprotocol/ext-apps";
import type { ViewPage } from "./support/browser_host.ts";
import type { OpenOptions } from "./support/host_page.ts";
import { FINDABLE, type Item, longResults, success } from "render-results-mcp/testing";
import { LIGHT, seriousViolations, show, viewCase } from "./support/view_suite.ts";

/** A chat's column: 720 px wide, inline, with full screen on offer. */
const CHAT: OpenOptions = {
  ...LIGHT,
  width: 720,
  context: { ...LIGHT.context, availableDisplayModes: ["inline", "fullscreen"] },
};

/** Sends a successful result of `items` and waits until the view shows its count. */
async function send(p: ViewPage, items: Item[]): Promise<void> {
  await p.call("toolResult", success(items));
  await p.view.locator(".count").waitFor();
}

/** The citation numbers of the cards on screen, in order. */
function numbers(p: ViewPage): Promise<string[]> {
  return p.view.locator(".card .num").allTextContents();
}

/** The height of the view's content, in CSS pixels. */
function contentHeight(p: ViewPage): Promise<number> {
  return p.view.evaluate(() => document.documentElement.getBoundingClientRect().height);
}

Deno.test(
  viewCase("inline, fifty long results open folded: four cards, under 700 px", CHAT, async (p) => {
    await send(p, longResults(50));
    assert.deepEqual(await numbers(p), ["1", "2", "3", "4"]);
    assert.equal(await p.view.locator(".count").textContent(), "50 results");
    const unfold = p.view.getByRole("button", { name: "Show all 50" });
    assert.equal(await unfold.getAttribute("aria-expanded"), "false");
    const list = await unfold.getAttribute("aria-controls");
    assert.equal(await p.view.locator(`ol#${list}`).count(), 1, "it names the list it unfolds");
    const height = await contentHeight(p);
    assert.ok(height <= 700, `${height} px is at most 700 px`);
    await p.page.waitForFunction(
      (height) =>
        Math.abs(
          (globalThis as unknown as { host: { frameHeight(): number } }).host
            .frameHeight() - height,
        ) < 1,
      Math.ceil(height),
    );
    assert.deepEqual(await seriousViolations(p), [], "axe-core, folded");
  }),
);

Deno.test(viewCase("the control unfolds and folds by keyboard, the focus kept", CHAT, async (p) => {
  await send(p, longResults(12));
  const control = p.view.locator("button.fold");
  await control.focus();
  await p.page.keyboard.press("Enter");
  await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 12);
  assert.equal(await control.getAttribute("aria-expanded"), "true");
  assert.equal(await control.textContent(), "Show the first 4");
  const focused = await p.view.evaluate(() =>
    document.activeElement?.closest(".card")?.querySelector(".num")?.textContent
  );
  assert.equal(focused, "5", "the first card that was hidden takes the focus");
  await control.focus();
  await p.page.keyboard.press("Space");
  await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 4);
  assert.equal(await control.getAttribute("aria-expanded"), "false");
  assert.equal(await control.textContent(), "Show all 12");
  assert.equal(await control.evaluate((e) => e === document.activeElement), true);
}));

Deno.test(viewCase(
  "the same result sent again stays unfolded; another list opens folded",
  CHAT,
  async (p) => {
    // VS Code sends the notifications again while the chat scrolls (excalidraw/excalidraw-mcp#9).
    await send(p, longResults(8));
    await p.view.getByRole("button", { name: "Show all 8" }).click();
    await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 8);
    await p.call("toolResult", success(longResults(8)));
    await p.call("ping");
    assert.equal((await numbers(p)).length, 8, "still unfolded");
    await send(p, longResults(9));
    await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 4);
    assert.equal(await p.view.locator("button.fold").textContent(), "Show all 9");
  },
));

Deno.test(viewCase("four results or fewer show whole, with no control", CHAT, async (p) => {
  await send(p, longResults(4));
  assert.deepEqual(await numbers(p), ["1", "2", "3", "4"]);
  assert.equal(await p.view.locator("button.fold").count(), 0);
  await send(p, longResults(5));
  assert.deepEqual(await numbers(p), ["1", "2", "3", "4"]);
  assert.equal(await p.view.getByRole("button", { name: "Show all 5" }).count(), 1);
}));

Deno.test(viewCase("folded, the filter and the order work over every result", CHAT, async (p) => {
  await send(p, FINDABLE);
  await p.view.getByRole("searchbox").fill("sicilian");
  await p.waitForText(".count", "1 of 8 results");
  assert.deepEqual(await numbers(p), ["8"], "a match among the folded cards");
  assert.equal(await p.view.locator("button.fold").count(), 0);
  await p.view.getByRole("searchbox").fill("");
  await p.view.getByRole("button", { name: "Newest first" }).click();
  await p.view.waitForFunction(() => document.querySelector(".card .num")?.textContent === "8");
  assert.deepEqual(await numbers(p), ["8", "6", "4", "2"], "the newest of all eight");
  assert.equal(await p.view.locator("button.fold").textContent(), "Show all 8");
}));

Deno.test(viewCase("full screen shows every card; back inline, the list folds", CHAT, async (p) => {
  await send(p, longResults(20));
  await p.view.getByRole("button", { name: "Full screen" }).click();
  await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 20);
  assert.equal(await p.view.locator("button.fold").count(), 0);
  await p.view.getByRole("button", { name: "Exit full screen" }).click();
  await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 4);
}));

Deno.test(viewCase(
  "inline only: no full screen on offer, and the control reaches every card",
  LIGHT,
  async (p) => {
    await send(p, longResults(9));
    assert.equal(await p.view.getByRole("button", { name: "Full screen" }).count(), 0);
    await p.view.getByRole("button", { name: "Show all 9" }).click();
    await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 9);
    assert.deepEqual(await numbers(p), ["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
  },
));

/**
 * Scrolls the frame to its end and says what a reader sees: whether the last card ends inside the
 * frame, below the heading's bar, and whether the heading is on screen and on top.
 */
async function scrolledToEnd(p: ViewPage) {
  return await p.view.evaluate(() => {
    scrollTo(0, document.documentElement.scrollHeight);
    const last = [...document.querySelectorAll(".card")].at(-1)!.getBoundingClientRect();
    const bar = document.querySelector(".bar")!.getBoundingClientRect();
    const heading = document.querySelector("h1")!.getBoundingClientRect();
    const onTop = document.elementFromPoint(heading.left + 4, heading.top + heading.height / 2);
    return {
      scrolled: scrollY > 0,
      lastInFrame: last.bottom > bar.bottom && last.bottom <= innerHeight + 1,
      headingShown: heading.top >= 0 && heading.bottom <= innerHeight,
      headingOnTop: onTop?.closest("h1") !== null,
      barPainted: getComputedStyle(document.querySelector(".bar")!).backgroundColor !==
        "rgba(0, 0, 0, 0)",
    };
  });
}

const EVERYTHING_IN_REACH = {
  scrolled: true,
  lastInFrame: true,
  headingShown: true,
  headingOnTop: true,
  barPainted: true,
};

Deno.test(viewCase(
  "a fixed height: every card is reached by scrolling inside, the heading in view",
  { ...CHAT, context: { ...CHAT.context, containerDimensions: { height: 400 } } },
  async (p) => {
    await show(p, longResults(30));
    assert.equal(await p.call("frameHeight"), 400);
    assert.deepEqual(await scrolledToEnd(p), EVERYTHING_IN_REACH);
  },
));

Deno.test(viewCase(
  "a fixed height: a card reached with the keyboard shows below the heading",
  { ...CHAT, context: { ...CHAT.context, containerDimensions: { height: 300 } } },
  async (p) => {
    await show(p, longResults(12));
    await p.view.locator(".card").last().locator(".title a").focus();
    for (let card = 11; card > 1; card--) {
      await p.page.keyboard.press("k");
      const { number, top, bar } = await p.view.evaluate(() => ({
        number: document.activeElement?.closest(".card")?.querySelector(".num")?.textContent,
        top: document.activeElement!.closest(".card")!.getBoundingClientRect().top,
        bar: document.querySelector(".bar")!.getBoundingClientRect().bottom,
      }));
      assert.equal(number, String(card));
      assert.ok(top >= bar - 1, `card ${card} starts at ${top} px, under the bar to ${bar} px`);
    }
  },
));

Deno.test(viewCase(
  "a host that never grows the frame: the folded list and the whole one scroll inside it",
  { ...CHAT, ignoreSizes: true },
  async (p) => {
    await send(p, FINDABLE);
    assert.equal(await p.call("frameHeight"), 150, "the frame keeps its first height");
    await p.view.locator("button.fold").scrollIntoViewIfNeeded();
    await p.view.locator("button.fold").click();
    await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 8);
    assert.deepEqual(await scrolledToEnd(p), EVERYTHING_IN_REACH);
  },
));

Deno.test(viewCase(
  "a long copy box opens at the start of its text, all of it selected",
  CHAT,
  async (p) => {
    await send(p, longResults(12));
    await p.view.getByRole("button", { name: "Copy list" }).click();
    const area = p.view.locator("main > .copybox textarea");
    await area.waitFor();
    const shown = await area.evaluate((area: HTMLTextAreaElement) => ({
      scrolls: area.scrollHeight > area.clientHeight,
      top: area.scrollTop,
      selected: area.selectionStart === 0 && area.selectionEnd === area.value.length,
    }));
    assert.deepEqual(shown, { scrolls: true, top: 0, selected: true });
  },
));

Deno.test(viewCase(
  "a hovered export button keeps its fill where the host's hover colour is its panel's",
  {
    ...CHAT,
    context: {
      ...CHAT.context,
      styles: {
        variables: { "--color-background-secondary": "#ffffff" } as Partial<
          McpUiStyles
        > as McpUiStyles,
      },
    },
  },
  async (p) => {
    await send(p, longResults(3));
    const button = p.view.getByRole("button", { name: "CSV" });
    const box = (await button.boundingBox())!;
    const frame = (await p.page.locator("iframe").boundingBox())!;
    await button.hover();
    const fill = await p.pixel(box.x - frame.x + 2, box.y - frame.y + box.height / 2);
    const page = await p.pixel(2, box.y - frame.y + box.height / 2);
    const difference = fill.reduce((sum, value, i) => sum + Math.abs(value - page[i]), 0);
    assert.ok(difference >= 24, `fill ${fill} against the page's ${page}`);
  },
));

for (const [locale, width] of [["ar", 392], ["ar", 720], ["en-US", 392]] as const) {
  Deno.test(viewCase(
    `${locale} at ${width} px: the filter field is as wide as its placeholder`,
    { ...LIGHT, width, context: { ...LIGHT.context, locale } },
    async (p) => {
      await send(p, FINDABLE);
      const { room, text } = await p.view.getByRole("searchbox").evaluate(
        (input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const context = new OffscreenCanvas(1, 1).getContext("2d")!;
          context.font = style.font;
          return {
            room: input.clientWidth - parseFloat(style.paddingLeft) -
              parseFloat(style.paddingRight),
            text: context.measureText(input.placeholder).width,
          };
        },
      );
      assert.ok(room >= text, `${room} px for a placeholder ${text} px wide`);
    },
  ));
}

/** Whether the first letter of `selector`'s text shows and its last is cut off. */
function cutAtEnd(p: ViewPage, selector: string) {
  return p.view.locator(selector).first().evaluate((text) => {
    const box = text.getBoundingClientRect();
    const range = document.createRange();
    const node = text.firstChild!;
    range.setStart(node, 0);
    range.setEnd(node, 1);
    const first = range.getBoundingClientRect();
    range.setStart(node, node.textContent!.length - 1);
    range.setEnd(node, node.textContent!.length);
    const last = range.getBoundingClientRect();
    const inside = (r: DOMRect) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
    return { firstShown: inside(first), lastCut: !inside(last) };
  });
}

const LONG = {
  title: "مصدر بعنوان طويل",
  url: `https://docs.example.org/${"reference/".repeat(12)}page`,
  metadata: { author: "Augusta Ada King, Countess of Lovelace, and her many correspondents" },
};

for (const [width, fact, selector] of [[720, "URL", ".url"], [392, "author", ".author"]] as const) {
  Deno.test(viewCase(
    `ar at ${width} px: a cut ${fact} written left to right keeps its start, loses its end`,
    { ...LIGHT, width, context: { ...LIGHT.context, locale: "ar" } },
    async (p) => {
      await send(p, [LONG]);
      assert.deepEqual(await cutAtEnd(p, `${selector} bdi`), { firstShown: true, lastCut: true });
    },
  ));
}

Deno.test(viewCase(
  'at 392 px, a refused download offers "Copy instead" on one line',
  { ...LIGHT, width: 392, capabilities: { openLinks: {}, downloadFile: {} } },
  async (p) => {
    await p.call("toolResult", success(longResults(3), "Tide tables of the northern harbours"));
    await p.view.locator(".count").waitFor();
    await p.call("refuseDownloads");
    await p.view.getByRole("button", { name: "CSV" }).click();
    const instead = p.view.getByRole("button", { name: "Copy instead" });
    await instead.waitFor();
    const lines = await instead.evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    assert.equal(lines, 1);
    const overflow = await p.view.evaluate(() =>
      document.documentElement.scrollWidth - document.documentElement.clientWidth
    );
    assert.equal(overflow, 0, "nothing is cut off at the side");
  },
));
