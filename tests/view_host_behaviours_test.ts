/**
 * What hosts are known to do to a view, reproduced under the real `AppBridge` (see
 * `support/view_suite.ts`), and what the reader sees then. Each case names the host and its
 * report; `docs/hosts.md` lists them.
 */
import assert from "node:assert/strict";
import { FINDABLE, ITEMS, success } from "render-results-mcp/testing";
import type { ViewPage } from "./support/browser_host.ts";
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

const FOUND = { title: "Search results", results: FINDABLE };

/** Filters for "gazette", sorts newest first and marks result 4, as a reader would. */
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
  },
));
