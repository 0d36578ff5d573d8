/**
 * Taking results out of the view, in Chromium under the real `AppBridge` (see
 * `support/view_suite.ts`): export through the host or the clipboard, copying a link or the list,
 * and the copy box shown where the sandbox denies the clipboard.
 */
import assert from "node:assert/strict";
import { VIEW_RESOURCE } from "render-results-mcp";
import type { OpenOptions, TestHost } from "./support/host_page.ts";
import {
  bibtexList,
  csvList,
  escapeMarkdown,
  FINDABLE,
  ITEMS,
  longResults,
  markdownList,
  resultItem,
  risList,
  success,
} from "render-results-mcp/testing";
import { LIGHT, show, viewCase } from "./support/view_suite.ts";

/** The permissions the view's resource asks its host for. */
const VIEW_PERMISSIONS = (VIEW_RESOURCE._meta?.ui as { permissions?: OpenOptions["permissions"] })
  .permissions;

const downloading: OpenOptions = {
  ...LIGHT,
  capabilities: { openLinks: {}, downloadFile: {}, updateModelContext: { text: {} } },
};
Deno.test(viewCase(
  "export: files through the host, all entries or the marked",
  downloading,
  async (p) => {
    await show(p, FINDABLE, (items) => success(items, "Sources on Élan & Co."));
    const items = FINDABLE.map((item, i) => resultItem(i + 1, item));
    // The group is named by its first words, which change once results are marked.
    const group = p.view.getByRole("group");
    assert.equal(await p.view.getByRole("group", { name: "Download all as" }).count(), 1);
    const download = async (format: string, count: number) => {
      await group.getByRole("button", { name: format }).click();
      await p.page.waitForFunction(
        (count) => (globalThis as unknown as { host: TestHost }).host.downloads().length === count,
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

    // A refused download leaves the same text one click away: here the sandbox denies the
    // clipboard, so it shows in the copy box.
    await p.call("refuseDownloads");
    const refused = await download("CSV", 5);
    await p.waitForText(".notice", "Not downloaded: sources-on-elan-co.csvCopy instead");
    await p.view.getByRole("button", { name: "Copy instead" }).click();
    const area = p.view.locator("main > .copybox textarea");
    await area.waitFor();
    // A text area holds line breaks as LF, whatever it was given.
    assert.equal(await area.inputValue(), refused.text.replaceAll("\r\n", "\n"));
    assert.equal(await p.view.locator(".notice").textContent(), "", "the box answers the notice");
    assert.equal(await p.view.getByRole("button", { name: "Copy instead" }).count(), 0);
  },
));

Deno.test(viewCase(
  "export without downloadFile: the same text through the copy path",
  LIGHT,
  async (p) => {
    await show(p, ITEMS);
    const items = ITEMS.map((item, i) => resultItem(i + 1, item));
    const group = p.view.getByRole("group", { name: "Copy all as" });
    assert.match(await group.textContent() ?? "", /^Copy all as/);
    await group.getByRole("button", { name: "BibTeX" }).click();
    const area = p.view.locator("main > .copybox textarea");
    await area.waitFor();
    const today = new Date().toISOString().slice(0, 10);
    assert.equal(await area.inputValue(), bibtexList(items, today));
    await p.page.keyboard.press("Escape");
    await area.waitFor({ state: "detached" });
  },
));

Deno.test(viewCase("export copies where the host grants clipboard-write", {
  ...LIGHT,
  permissions: VIEW_PERMISSIONS,
}, async (p) => {
  await show(p, ITEMS);
  const items = ITEMS.map((item, i) => resultItem(i + 1, item));
  await p.view.getByRole("group", { name: "Copy all as" }).getByRole("button", { name: "CSV" })
    .click();
  await p.waitForText(".notice", "List copied as CSV");
  assert.equal(await p.clipboard(), csvList(items));
}));

Deno.test(viewCase("copy is denied in this sandbox: the text shows selected", LIGHT, async (p) => {
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
}));

Deno.test(viewCase("copy where the host grants what the resource asks: one link, or the list", {
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
}));

Deno.test(viewCase("copy box: long lines wrap, so every line shows its start", {
  ...LIGHT,
  width: 392,
}, async (p) => {
  const items = longResults(3).map((item) => ({
    ...item,
    // As long as a title may be.
    title: `${item.title} `.repeat(4).slice(0, 300),
  }));
  await show(p, items);
  await p.view.getByRole("button", { name: "Copy list" }).click();
  const area = p.view.locator("main > .copybox textarea");
  await area.waitFor();
  const shown = await area.evaluate((
    area,
  ) => [area.scrollLeft, area.scrollWidth <= area.clientWidth]);
  assert.deepEqual(shown, [0, true], "no line runs off to the side");
}));
