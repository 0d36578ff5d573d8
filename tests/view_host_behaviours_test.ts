/**
 * What hosts are known to do to a view, reproduced under the real `AppBridge` (see
 * `support/view_suite.ts`), and what the reader sees then. Each case names the host and its
 * report; `docs/hosts.md` lists them.
 */
import assert from "node:assert/strict";
import { FINDABLE, ITEMS, success } from "render-results-mcp/testing";
import { ViewPage } from "./support/browser_host.ts";
import type { OpenOptions } from "./support/host_page.ts";
import { hostSees, LIGHT, show, viewCase } from "./support/view_suite.ts";

const ARGS = { title: "Search results", results: ITEMS };

/** What the reader sees of each card: number, title, link and snippet. */
function cards(p: ViewPage): Promise<string[][]> {
  return p.view.locator(".card").evaluateAll((cards) =>
    cards.map((card) => [
      card.querySelector(".num")?.textContent ?? "",
      card.querySelector(".title")?.textContent ?? "",
      card.querySelector(".title a")?.getAttribute("href") ?? "",
      card.querySelector(".snippet")?.textContent ?? "",
    ])
  );
}

/** The cards the view shows for the tool's own result of `ITEMS`. */
const WHOLE = ITEMS.map((item, i) => [
  String(i + 1),
  item.title,
  new URL(item.url).href,
  item.text ?? "",
]);

Deno.test(viewCase(
  "Claude Desktop: a result without structuredContent shows the cards from the arguments",
  LIGHT,
  async (p) => {
    // modelcontextprotocol/ext-apps#696: only `content` and `isError` reach the view.
    await p.call("toolInput", ARGS);
    const { content, isError } = success(ITEMS);
    await p.call("toolResult", { content, isError });
    await p.waitForText("[role=status]", "Results ready");
    assert.equal(await p.view.locator("h1").textContent(), "Search results");
    assert.equal(await p.view.locator(".count").textContent(), "3 results");
    assert.deepEqual(await cards(p), WHOLE);
    assert.equal(await p.view.locator(".detail").count(), 0);
  },
));

Deno.test(viewCase(
  "claude.ai: structuredContent and _meta nulled still show the cards from the arguments",
  LIGHT,
  async (p) => {
    // anthropics/claude-ai-mcp#563: both are null for a local stdio server.
    await p.call("toolInput", ARGS);
    const { content } = success(ITEMS);
    await p.call("toolResult", { content, structuredContent: null, _meta: null } as never);
    await p.waitForText("[role=status]", "Results ready");
    assert.deepEqual(await cards(p), WHOLE);
  },
));

Deno.test(viewCase(
  "a stripped result with no arguments before it shows the cards read from its text",
  LIGHT,
  async (p) => {
    // A host that strips the structured content may send no arguments before the result.
    const { content } = success(ITEMS);
    await p.call("toolResult", { content });
    await p.waitForText("[role=status]", "Results ready");
    assert.equal(await p.view.locator("h1").textContent(), "Search results");
    assert.deepEqual(await cards(p), WHOLE);
  },
));

Deno.test(viewCase(
  "a successful result the view cannot read as a list shows its text, never an error",
  LIGHT,
  async (p) => {
    const text = "Shown: <b>3</b> sources.";
    await p.call("toolResult", { content: [{ type: "text", text }] });
    await p.waitForText(".detail", text);
    assert.notEqual(
      await p.view.locator("[role=status]").textContent(),
      "The results could not be shown.",
    );
    assert.equal(await p.view.locator(".error, b, .card").count(), 0);
  },
));

Deno.test(viewCase(
  "a failed result shows the error, even with the arguments and a list at hand",
  LIGHT,
  async (p) => {
    await p.call("toolInput", ARGS);
    const text = "Internal error: the list could not be made.";
    await p.call("toolResult", {
      isError: true,
      content: [{ type: "text", text }],
      structuredContent: success(ITEMS).structuredContent,
    });
    await p.waitForText("[role=status]", "The results could not be shown.");
    assert.equal(await p.view.locator(".detail").textContent(), text);
    assert.equal(await p.view.locator(".card").count(), 0);
  },
));

/** A host that takes marks, showing the view in a frame with no origin of its own. */
const MARKS: OpenOptions = {
  ...LIGHT,
  capabilities: { openLinks: {}, updateModelContext: { text: {} } },
};

/** The same host, showing the view in a frame on the host page's origin, with its storage. */
const SAME_ORIGIN: OpenOptions = { ...MARKS, sandbox: "allow-scripts allow-same-origin" };

const FOUND = { title: "Search results", results: FINDABLE };

/** Mounts the view anew in a new frame, as a host does when it scrolls a view back into sight. */
async function remount(p: ViewPage, options: OpenOptions): Promise<ViewPage> {
  await p.call("open", options);
  const frame = await (await p.page.waitForSelector("iframe")).contentFrame();
  return new ViewPage(p.page, frame!, p.errors);
}

/**
 * Filters the list (which `show` unfolded) for "gazette", sorts it newest first and marks result
 * 4, as a reader would.
 */
async function read(p: ViewPage): Promise<void> {
  await p.view.getByRole("searchbox").fill("gazette");
  await p.view.getByRole("button", { name: "Newest first" }).click();
  await p.view.getByRole("button", { name: "Mark 4 for the assistant" }).click();
  await p.waitForText(".count", "1 of 8 results · 1 marked");
}

/** Whether the view shows what {@link read} left. */
async function assertAsLeft(p: ViewPage): Promise<void> {
  await p.waitForText(".count", "1 of 8 results · 1 marked");
  assert.equal(await p.view.getByRole("searchbox").inputValue(), "gazette");
  const pressed = (name: string) =>
    p.view.getByRole("button", { name }).getAttribute("aria-pressed");
  assert.equal(await pressed("Newest first"), "true");
  assert.equal(await pressed("Mark 4 for the assistant"), "true");
  assert.deepEqual(await p.view.locator(".card .title").allTextContents(), [FINDABLE[3].title]);
}

/** Whether the list, its filter cleared, is still unfolded as `show` left it. */
async function assertUnfolded(p: ViewPage): Promise<void> {
  await p.view.getByRole("searchbox").fill("");
  await p.waitForText(".count", "8 results · 1 marked");
  assert.equal(await p.view.locator(".card").count(), 8);
  assert.equal(await p.view.locator("button.fold").getAttribute("aria-expanded"), "true");
}

/** Whether the view shows the list of `FINDABLE` as a reader first sees it. */
async function assertFresh(p: ViewPage): Promise<void> {
  await p.waitForText(".count", "8 results");
  assert.equal(await p.view.getByRole("searchbox").inputValue(), "");
  assert.equal(await p.view.locator("[aria-pressed=true]").count(), 0);
  assert.equal(await p.view.locator("button.fold").getAttribute("aria-expanded"), "false");
}

Deno.test(viewCase(
  "VS Code: notifications sent again for the same result keep the reader's filter, order and marks",
  MARKS,
  async (p) => {
    // excalidraw/excalidraw-mcp#9: VS Code fires ontoolinput and ontoolresult again.
    await p.call("toolInput", FOUND);
    await show(p, FINDABLE);
    await read(p);
    await hostSees(p, (host) => host.modelContexts().length === 1);
    await p.call("toolInput", FOUND);
    await p.call("toolResult", success(FINDABLE));
    // The view answers in order: by the answer to a ping, it has handled what came before.
    await p.call("ping");
    await assertAsLeft(p);
    assert.equal((await p.call("modelContexts")).length, 1, "the marks are not sent again");
    await p.call("toolResult", success(FINDABLE, "Another search"));
    await p.waitForText("h1", "Another search");
    assert.equal(await p.view.getByRole("searchbox").inputValue(), "", "a new list starts afresh");
    await p.call("toolResult", success(FINDABLE));
    await assertAsLeft(p);
    await assertUnfolded(p);
  },
));

Deno.test(viewCase(
  "VS Code: a view mounted again for the same result comes back as the reader left it",
  SAME_ORIGIN,
  async (p) => {
    // excalidraw/excalidraw-mcp#9: VS Code mounts views again as the chat scrolls.
    await p.call("forgetStorage");
    await p.call("toolInput", FOUND);
    await show(p, FINDABLE);
    await read(p);
    await hostSees(p, (host) => host.modelContexts().length === 1);
    const again = await remount(p, SAME_ORIGIN);
    await again.call("toolInput", FOUND);
    await again.call("toolResult", success(FINDABLE));
    await assertAsLeft(again);
    await assertUnfolded(again);
    await again.call("ping");
    assert.deepEqual(await again.call("modelContexts"), [], "marks restored are not sent again");
    await again.view.getByRole("button", { name: "Mark 4 for the assistant" }).click();
    await hostSees(again, (host) => host.modelContexts().length === 1);

    const other = await remount(again, SAME_ORIGIN);
    await other.call("toolResult", success(FINDABLE, "Another search"));
    await other.waitForText("h1", "Another search");
    assert.equal(await other.view.getByRole("searchbox").inputValue(), "");
    assert.equal(await other.view.locator("[aria-pressed=true]").count(), 0);
  },
));

Deno.test(viewCase(
  "choices kept on the frame's origin are read by their types, and marks only where they name a card",
  SAME_ORIGIN,
  async (p) => {
    await p.call("forgetStorage");
    await show(p, FINDABLE);
    await p.view.getByRole("searchbox").fill("gazette");
    // Anything on the origin may write the kept entry: here, every field of the wrong kind.
    const written = await p.page.evaluate(() => {
      const name = Object.keys(localStorage).find((key) => key.startsWith("render-results:"))!;
      localStorage.setItem(
        name,
        JSON.stringify({ query: { a: 1 }, newest: "yes", marks: [4, 99, "x"], expanded: 1 }),
      );
      return name;
    });
    assert.ok(written);
    const again = await remount(p, SAME_ORIGIN);
    await again.call("toolResult", success(FINDABLE));
    await again.waitForText(".count", "8 results · 1 marked");
    assert.equal(await again.view.getByRole("searchbox").inputValue(), "");
    const pressed = (name: string) =>
      again.view.getByRole("button", { name }).getAttribute("aria-pressed");
    assert.equal(await pressed("Newest first"), "false");
    assert.equal(await pressed("Mark 4 for the assistant"), "true");
    assert.equal(await again.view.locator("button.fold").getAttribute("aria-expanded"), "false");
  },
));

Deno.test(viewCase(
  "a frame with no origin of its own, where storage throws, starts afresh when mounted again",
  MARKS,
  async (p) => {
    const refused = () =>
      p.view.evaluate(() => {
        try {
          return localStorage.length < 0;
        } catch (error) {
          return (error as Error).name;
        }
      });
    assert.equal(await refused(), "SecurityError");
    await show(p, FINDABLE);
    await read(p);
    const again = await remount(p, MARKS);
    await again.call("toolResult", success(FINDABLE));
    await assertFresh(again);
  },
));

/** A host that emulates ChatGPT with `globals` in `window.openai`, and no MCP Apps bridge. */
const openai = (globals: Record<string, unknown>): OpenOptions => ({
  runtime: "openai",
  openai: { globals },
  capabilities: {},
  context: {},
});

Deno.test(viewCase(
  "ChatGPT runtime: the reader's filter and order come back from widgetState, for that list only",
  openai({ toolOutput: success(FINDABLE).structuredContent }),
  async (p) => {
    await p.view.getByRole("searchbox").fill("gazette");
    await p.view.getByRole("button", { name: "Newest first" }).click();
    await hostSees(
      p,
      (host) => host.openaiCalls().filter((call) => call.method === "setWidgetState").length === 2,
    );
    const kept = (await p.call("openaiCalls")).findLast((c) => c.method === "setWidgetState")!;
    assert.deepEqual(
      { ...kept.args as object, list: undefined },
      { list: undefined, query: "gazette", newest: true, marks: [], expanded: false },
    );

    const output = success(FINDABLE).structuredContent;
    const again = await remount(p, openai({ toolOutput: output, widgetState: kept.args }));
    await again.waitForText(".count", "1 of 8 results");
    assert.equal(await again.view.getByRole("searchbox").inputValue(), "gazette");
    assert.equal(
      await again.view.getByRole("button", { name: "Newest first" }).getAttribute("aria-pressed"),
      "true",
    );

    const other = success(FINDABLE, "Another search").structuredContent;
    const fresh = await remount(again, openai({ toolOutput: other, widgetState: kept.args }));
    await fresh.waitForText("h1", "Another search");
    await assertFresh(fresh);
  },
));
