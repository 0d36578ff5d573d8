/**
 * The view in MCP Inspector 2.12's web UI, whose Apps tab mounts MCP Apps views with ext-apps'
 * `AppBridge` behind a sandbox proxy of its own. The script starts the Inspector (Node 22, from
 * npm through `npx`) on 127.0.0.1 with the server under test as its ad-hoc server and auth off,
 * then in the UI: connect, Apps, "Render the results", the arguments as JSON, Open App, for 3 and
 * then 50 sources; then it walks the view (see `lab.ts`).
 *
 * Run: `deno run --config deno.dev.json -A lab/inspector.ts --server URL --out DIR`.
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

const { server, out } = labOptions();
const [client, sandbox, appOrigin] = [freePort(), freePort(), freePort()];
const inspector = spawn(
  "npx",
  [
    "-y",
    "-p",
    "node@22",
    "-p",
    "@modelcontextprotocol/inspector@2.12.0",
    "--",
    "mcp-inspector",
    "--web",
    "--transport",
    "http",
    "--server-url",
    server.href,
  ],
  {
    env: {
      CLIENT_PORT: String(client),
      MCP_SANDBOX_PORT: String(sandbox),
      MCP_APP_ORIGIN_PORT: String(appOrigin),
      DANGEROUSLY_OMIT_AUTH: "true",
      MCP_AUTO_OPEN_ENABLED: "false",
      MCP_INSPECTOR_SECRET_STORE: "memory",
      NODE_OPTIONS: `--require ${new URL("./loopback.cjs", import.meta.url).pathname}`,
    },
    log: `${out}/inspector-server.log`,
  },
);
const report = new Report("inspector", out);
const { browser, context } = await openBrowser({ width: 1400, height: 1100 });

/** Opens the app with `args` in the Apps tab and returns the view's frame. */
async function open(page: Page, args: Record<string, unknown>): Promise<Frame> {
  await page.getByText("Render the results").first().click();
  const form = page.getByTestId("apps-form");
  await form.getByRole("switch").first().check({ force: true });
  // The JSON editor is Ace: focus it, replace everything, and insert the text as one input.
  await form.getByRole("textbox", { name: /Arguments JSON/ }).focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(JSON.stringify(args));
  await form.getByTestId("open-app").click();
  const proxy = await (await page.waitForSelector("[data-testid=apps-form] iframe", {
    timeout: 30_000,
  })).contentFrame();
  const view = await (await proxy!.waitForSelector("iframe", { timeout: 30_000 }))
    .contentFrame();
  if (!view) throw new Error("the Inspector's sandbox shows no view");
  return view;
}

try {
  await reachable(`http://127.0.0.1:${client}/`);
  const page = await context.newPage();
  await report.watch(page);
  await page.goto(`http://127.0.0.1:${client}/`);
  await page.getByRole("switch", { name: /Connect or disconnect/ }).check({ force: true });
  await page.getByText("Connected", { exact: true }).first().waitFor();
  await page.getByRole("button", { name: "Close monitoring sidebar" }).click().catch(() => {});
  await page.getByText("Apps", { exact: true }).click();
  const setTheme = async (theme: "light" | "dark") => {
    const scheme = await page.evaluate(() =>
      document.documentElement.getAttribute("data-mantine-color-scheme")
    );
    if (scheme !== theme) await page.getByRole("button", { name: "Toggle color scheme" }).click();
  };
  for (const count of [3, 50]) {
    const view = await open(page, sources(count));
    await walk(page, view, report, {
      setTheme,
      frameSelector: "[data-testid=apps-form] iframe",
      containerSelector: "[data-testid=apps-form]",
      panelSelector: "[data-testid=apps-form]",
    }, String(count));
    await page.getByRole("button", { name: "Close" }).first().click().catch(() => {});
  }
} finally {
  await report.write();
  await browser.close();
  await inspector.stop();
}
