/**
 * How the view fits its host, in Chromium under the real `AppBridge` (see
 * `support/view_suite.ts`): the theme, the host's style variables and fonts, and the size it
 * reports.
 */
import assert from "node:assert/strict";
import type { McpUiStyles } from "@modelcontextprotocol/ext-apps";
import type { OpenOptions, TestHost } from "./support/host_page.ts";
import { ITEMS, longResults, success } from "render-results-mcp/testing";
import { hostSees, LIGHT, show, viewCase } from "./support/view_suite.ts";

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

Deno.test(
  viewCase("blends in: transparent root, the content's height, no band", LIGHT, async (p) => {
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
  }),
);

const fixed: OpenOptions = {
  ...LIGHT,
  context: { ...LIGHT.context, containerDimensions: { height: 300 } },
};
Deno.test(viewCase(
  "fixed height: scrolls within it and reports no more than it",
  fixed,
  async (p) => {
    await show(p, longResults(12));
    await hostSees(p, (host) => host.sizes().at(-1)?.height === 300);
    const end = await p.view.evaluate(() => {
      const page = document.scrollingElement!;
      page.scrollTop = page.scrollHeight;
      // The list's last card, or the control that folds it, under the cards.
      const last = document.querySelector("main")!.lastElementChild!;
      return [
        page.scrollHeight > innerHeight,
        innerHeight - last.getBoundingClientRect().bottom,
      ];
    });
    assert.equal(end[0], true, "the list scrolls inside the fixed height");
    assert.ok(Number(end[1]) >= 0 && Number(end[1]) <= 4, `${end[1]}px under the list`);

    await show(p, [ITEMS[1]]);
    const content = await p.view.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height)
    );
    assert.ok(content < 150, `${content}px of content`);
    await hostSees(p, (host) => host.frameHeight() < 150);
    assert.equal((await p.call("sizes")).at(-1)?.height, content, "no band left to fill");
  },
));

Deno.test(viewCase(
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
));

Deno.test(viewCase("theme: a host-context-changed to dark recolors the view", LIGHT, async (p) => {
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
}));

Deno.test(viewCase(
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
          const where = `a ${theme} host, its page in the ${page} scheme, a ${browser} browser`;
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
));

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
Deno.test(viewCase(
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
));

Deno.test(viewCase("marks show on the host's panel colour", basicHost, async (p) => {
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
}));

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
Deno.test(viewCase(
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
));
