/**
 * The view in MCPJam Inspector 1.0.24 (`@mcpjam/inspector`), which renders a tool's view in its
 * ChatGPT Apps SDK emulation whenever the tool declares `openai/outputTemplate`: it injects
 * `window.openai` into the resource's HTML and serves it from its own origin. The script starts
 * MCPJam's server on 127.0.0.1 with the server under test configured, then in its web UI:
 * continue as guest, Tools, `render_results`, the arguments, Execute, and the Response panel's
 * "Component" tab, for 3 and then 50 sources; then it walks the view (see `lab.ts`).
 *
 * Run: `deno run --config deno.dev.json -A lab/mcpjam.ts --server URL --out DIR
 * --mcpjam DIR`, where the last DIR holds `npm i @mcpjam/inspector@1.0.24` (see README.md).
 *
 * @module
 */
import type { Frame, Page } from "playwright-core";
import {
  freePort,
  labOptions,
  openBrowser,
  reachable,
  Report,
  sources,
  spawn,
  walk,
} from "./lab.ts";

const { server, out, extra } = labOptions(["mcpjam"]);
const packageDir = `${extra.mcpjam ?? "/work/hostlab/mcpjam"}/node_modules/@mcpjam/inspector`;
const port = freePort();
const inspector = spawn(
  "npx",
  [
    "-y",
    "-p",
    "node@22",
    "node",
    "--require",
    new URL("./loopback.cjs", import.meta.url).pathname,
    "dist/server/index.js",
  ],
  {
    cwd: packageDir,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      MCP_CONFIG_DATA: JSON.stringify({
        mcpServers: { render: { type: "http", url: server.href } },
      }),
    },
    log: `${out}/mcpjam-server.log`,
  },
);
const report = new Report("mcpjam", out);
// The Response panel, which holds the Component tab and the view.
const PANEL =
  "iframe[title^='OpenAI Component'] >> xpath=ancestor::div[contains(@class, 'border-t')][1]";
const { browser, context } = await openBrowser({ width: 1400, height: 1200 });

/** Executes `render_results` with `args` in the Tools tab and opens its Component view. */
async function execute(page: Page, args: Record<string, unknown>): Promise<Frame> {
  await page.getByPlaceholder("Enter array as JSON").fill(JSON.stringify(args.results));
  await page.getByPlaceholder("Enter title").fill(String(args.title));
  await page.getByRole("button", { name: "Execute" }).click();
  // The output schema check shows as a badge beside the raw result.
  await page.getByRole("button", { name: "Raw JSON" }).click({ timeout: 30_000 });
  const badge = await page.getByText(/^(Valid|Invalid)$/).first().textContent({ timeout: 5_000 })
    .catch(() => "no badge");
  report.saw(`${args.title}-validation`, `the response is marked "${badge}"`);
  await report.shot(page, `${(args.results as unknown[]).length}-raw`);
  await page.getByRole("button", { name: "Component" }).click();
  await enlargeResponse(page);
  const frame = await (await page.waitForSelector("iframe[title^='OpenAI Component']"))
    .contentFrame();
  if (!frame) throw new Error("MCPJam shows no component frame");
  await frame.waitForLoadState();
  return frame;
}

/** Drags the divider above the Response panel up, as a person would to see more of the view. */
async function enlargeResponse(page: Page): Promise<void> {
  const divider = page.locator("[data-panel-resize-handle-id][data-panel-group-direction=vertical]")
    .first();
  const box = await divider.boundingBox();
  if (!box || box.y < 400) return;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, 260, { steps: 10 });
  await page.mouse.up();
}

try {
  await reachable(`http://127.0.0.1:${port}/health`);
  const page = await context.newPage();
  await report.watch(page);
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.getByText("Or continue as guest").click();
  await page.getByRole("button", { name: "Tools", exact: true }).first().click();
  await page.getByText("render_results").first().click();
  const setTheme = async (theme: "light" | "dark") => {
    const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    if (dark !== (theme === "dark")) {
      await page.getByRole("button", { name: dark ? "Light mode" : "Dark mode" }).click();
    }
  };
  for (const count of [3, 50]) {
    const view = await execute(page, sources(count));
    const globals = await view.evaluate(() => {
      const openai = (globalThis as { openai?: Record<string, unknown> }).openai;
      return openai
        ? Object.keys(openai).map((key) => `${key}:${typeof openai[key]}`).join(", ")
        : "none";
    });
    report.saw(`${count}-runtime`, `window.openai: ${globals}`);
    await walk(page, view, report, {
      setTheme,
      frameSelector: "iframe[title^='OpenAI Component']",
      panelSelector: PANEL,
    }, String(count));
  }
  // The operating system dark and MCPJam light: the frame's colour scheme then differs from
  // the page's, and Chromium paints the frame's own background.
  await page.emulateMedia({ colorScheme: "dark" });
  await setTheme("light");
  await report.shot(page, "os-dark-mcpjam-light", PANEL);
} finally {
  await report.write();
  await browser.close();
  await inspector.stop();
}
