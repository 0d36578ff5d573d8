/**
 * Finding a result in the view, in Chromium under the real `AppBridge` (see
 * `support/view_suite.ts`): the filter, newest first, and moving between cards by keyboard.
 */
import assert from "node:assert/strict";
import type { ViewPage } from "./support/browser_host.ts";
import { FINDABLE, ITEMS, unchecked } from "render-results-mcp/testing";
import { hostSees, LIGHT, show, viewCase } from "./support/view_suite.ts";

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

Deno.test(viewCase("filter: only from seven results, a labelled search field", LIGHT, async (p) => {
  await show(p, FINDABLE.slice(0, 6));
  assert.equal(await p.view.locator("input").count(), 0, "six results need no filter");
  await show(p, FINDABLE.slice(0, 7));
  const field = p.view.getByRole("searchbox", {
    name: "Filter results",
  });
  assert.equal(await field.getAttribute("type"), "search");
  assert.equal(await field.inputValue(), "");
}));

Deno.test(
  viewCase("filter: title, site, snippet and author as the user types", LIGHT, async (p) => {
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
    await p.waitForText(".empty", "No matches.");
    assert.equal(await p.view.locator("ol, .card").count(), 0, "a message, not an empty box");
    assert.equal(await p.view.locator(".count").textContent(), "0 of 8 results");

    await field.press("Escape");
    await p.view.waitForFunction(() => document.querySelectorAll(".card").length === 8);
    assert.equal(await field.inputValue(), "", "Escape clears the field");
    assert.equal(await p.view.locator(".count").textContent(), "8 results");
    assert.equal(await p.view.locator(".empty").count(), 0);
  }),
);

Deno.test(viewCase("filter: the keyboard moves through the cards shown only", LIGHT, async (p) => {
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
}));

Deno.test(viewCase(
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
));

Deno.test(
  viewCase("keyboard: Up/Down and j/k move between cards, Enter opens", LIGHT, async (p) => {
    const items = [...ITEMS, { title: "Not a link", url: "ftp://files.example.org/a" }];
    await show(p, items, unchecked);
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
  }),
);
