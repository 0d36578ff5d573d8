/**
 * The view in the reader's language, in Chromium under the real `AppBridge` (see
 * `support/view_suite.ts`): its words in the host's locale, or the nearest table's, right to left
 * for Arabic, a later change of locale followed, long labels in a narrow frame, CJK text clamped
 * as Latin text is, and axe-core in a right-to-left and a CJK locale.
 */
import assert from "node:assert/strict";
import type { OpenOptions } from "./support/host_page.ts";
import { FINDABLE, ITEMS, longResults } from "render-results-mcp/testing";
import { LIGHT, seriousViolations, show, viewCase } from "./support/view_suite.ts";

/** A light host that can open links, downloads nothing and offers full screen, in `locale`. */
function inLocale(locale: string, width?: number): OpenOptions {
  return {
    ...LIGHT,
    width,
    context: { ...LIGHT.context, locale, availableDisplayModes: ["inline", "fullscreen"] },
  };
}

/** What the heading's line and the export line say, as a person reads them. */
async function words(p: Parameters<Parameters<typeof viewCase>[2]>[0]) {
  const text = (selector: string) =>
    p.view.locator(selector).allTextContents().then((texts) =>
      texts.map((text) => text.replace(/[\u2068\u2069]/g, ""))
    );
  return {
    count: (await text(".count"))[0],
    tools: await text(".tools button"),
    formats: (await text(".formats"))[0],
    lang: await p.view.getAttribute("html", "lang"),
    dir: await p.view.getAttribute("html", "dir"),
  };
}

Deno.test(
  viewCase("German: every control, the count and the states", inLocale("de-DE"), async (p) => {
    await p.call("toolInput", { results: ITEMS.slice(0, 1) });
    await p.waitForText("[role=status]", "Ergebnisse werden vorbereitet…");
    await show(p, FINDABLE);
    assert.deepEqual(await words(p), {
      count: "8 Ergebnisse",
      tools: ["Neueste zuerst", "Liste kopieren", "Vollbild"],
      formats: "Alle kopieren alsMarkdownCSVBibTeXRIS",
      lang: "de-DE",
      dir: "ltr",
    });
    await p.view.getByRole("searchbox").fill("gazette");
    await p.waitForText(".count", "1 von 8 Ergebnissen");
    assert.equal(await p.view.getByRole("button", { name: /^Link \d+ kopieren$/ }).count(), 1);
  }),
);

Deno.test(viewCase("Japanese: the controls and the count", inLocale("ja-JP"), async (p) => {
  await show(p, FINDABLE);
  const seen = await words(p);
  assert.deepEqual([seen.count, seen.tools, seen.lang, seen.dir], [
    "8件",
    ["新しい順", "リストをコピー", "全画面表示"],
    "ja-JP",
    "ltr",
  ]);
  assert.match(seen.formats, /^すべてコピー：Markdown/);
}));

Deno.test(
  viewCase("Arabic: right to left, numbers on the reading side", inLocale("ar"), async (p) => {
    await show(p, ITEMS);
    const seen = await words(p);
    assert.deepEqual([seen.count, seen.dir, seen.lang], ["3 نتائج", "rtl", "ar"]);
    assert.ok(seen.tools.includes("نسخ القائمة"));
    const card = p.view.locator(".card").first();
    const [box, number, title] = await Promise.all(
      [card, card.locator(".num"), card.locator(".title")].map((e) => e.boundingBox()),
    );
    assert.ok(number!.x > box!.x + box!.width / 2, "the number is on the right");
    assert.ok(title!.x < number!.x, "the title reads on from the number, leftwards");
    // A URL keeps its own direction: it still reads left to right.
    assert.equal(
      await card.locator(".url bdi").evaluate((e) => getComputedStyle(e).direction),
      "ltr",
    );
    // A Latin title in an Arabic view is laid out left to right (dir="auto").
    assert.equal(
      await card.locator(".title").evaluate((e) => getComputedStyle(e).direction),
      "ltr",
    );
  }),
);

Deno.test(viewCase("Arabic: the source line's dots and the filter read right to left", {
  ...inLocale("ar"),
  width: 720,
}, async (p) => {
  await show(p, FINDABLE);
  // Each fact's dot stands on its right, between it and the fact before it, and its text right
  // after the dot, whatever the direction of that text (a Latin author, a URL).
  const gaps = await p.view.locator(".card").first().locator(".author, .url").evaluateAll(
    (facts) =>
      facts.map((fact) => {
        const text = fact.firstElementChild!.getBoundingClientRect();
        const box = fact.getBoundingClientRect();
        return { right: box.right - text.right, left: text.left - box.left };
      }),
  );
  assert.equal(gaps.length, 2);
  for (const gap of gaps) assert.ok(gap.right >= 6 && gap.right < 20, JSON.stringify(gaps));
  // The filter's field, empty, holds its placeholder on the reading side.
  const field = p.view.getByRole("searchbox");
  assert.equal(await field.evaluate((e) => getComputedStyle(e).direction), "rtl");
}));

for (
  const [locale, expected] of [
    ["pt-BR", ["Mais recentes", "Copiar lista", "Tela cheia"]],
    ["es-419", ["Más recientes", "Copiar lista", "Pantalla completa"]],
    ["zh-TW", ["最新優先", "複製清單", "全螢幕"]],
    ["xx-Unknown", ["Newest first", "Copy list", "Full screen"]],
    ["not a locale", ["Newest first", "Copy list", "Full screen"]],
  ] as const
) {
  Deno.test(
    viewCase(`fallback: ${locale} speaks its table's language`, inLocale(locale), async (p) => {
      await show(p, FINDABLE);
      assert.deepEqual((await words(p)).tools, expected);
    }),
  );
}

Deno.test(viewCase("a locale the host changes later is followed", LIGHT, async (p) => {
  await show(p, ITEMS);
  assert.equal((await words(p)).count, "3 results");
  await p.call("contextChanged", { locale: "de-DE" });
  await p.waitForText(".count", "3 Ergebnisse");
  assert.equal((await words(p)).lang, "de-DE");
  await p.call("contextChanged", { locale: "ar-EG" });
  await p.waitForText(".count", "٣ نتائج");
  assert.equal((await words(p)).dir, "rtl");
  await p.call("contextChanged", { locale: "en-US" });
  await p.waitForText(".count", "3 results");
  assert.deepEqual([(await words(p)).lang, (await words(p)).dir], ["en-US", "ltr"]);
}));

// German and Russian have the longest labels; Finnish has no table, so its words are English
// with Finnish numbers and dates.
for (const locale of ["de-DE", "fi-FI", "ru-RU", "ar"]) {
  Deno.test(viewCase(`${locale} at 392 px: no scrolling sideways, no control over another`, {
    ...inLocale(locale, 392),
    capabilities: { openLinks: {}, downloadFile: {}, updateModelContext: { text: {} } },
  }, async (p) => {
    await show(p, FINDABLE);
    await p.view.locator(".mark").nth(1).click();
    const overflow = await p.view.evaluate(() =>
      document.documentElement.scrollWidth - document.documentElement.clientWidth
    );
    assert.equal(overflow, 0);
    const boxes = await p.view.locator(".head h1, .count, .tools button, .find input, .formats")
      .evaluateAll((elements) =>
        elements.map((e) => {
          const { left, right, top, bottom } = e.getBoundingClientRect();
          return { name: e.textContent, left, right, top, bottom };
        })
      );
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 ||
          a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
        assert.ok(apart, `${a.name} and ${b.name} overlap`);
      }
    }
    const buttons = await p.view.locator(".tools button, .formats button").evaluateAll((all) =>
      all.map((button) => button.scrollWidth <= button.clientWidth)
    );
    assert.ok(buttons.every(Boolean), "every label fits its button");
  }));
}

Deno.test(
  viewCase("CJK titles and snippets clamp as Latin ones do", inLocale("ja-JP"), async (p) => {
    const long = longResults(1)[0];
    await show(p, [{
      ...long,
      title: "検索結果のカードを表示する方法についての長い説明".repeat(4),
      text: "日本語のスニペットは単語の間に空白がありませんが、行で折り返されます。".repeat(6),
    }]);
    const card = p.view.locator(".card").first();
    const lines = (selector: string) =>
      card.locator(selector).evaluate((e) =>
        Math.round(e.clientHeight / parseFloat(getComputedStyle(e).lineHeight))
      );
    assert.equal(await lines(".title"), 1);
    assert.equal(await lines(".snippet"), 2);
    await card.getByRole("button", { name: "もっと見る" }).click();
    assert.ok(await lines(".snippet") > 2, "expanded, the whole snippet shows");
  }),
);

for (const locale of ["ar", "ja-JP"]) {
  Deno.test(viewCase(`axe-core: no serious violation in ${locale}`, {
    ...inLocale(locale),
    capabilities: { openLinks: {}, downloadFile: {}, updateModelContext: { text: {} } },
  }, async (p) => {
    await show(p, FINDABLE);
    assert.deepEqual(await seriousViolations(p), []);
  }));
}
