/**
 * The view in ext-apps' `examples/basic-host`, the reference MCP Apps host (ext-apps 1.7.5): its
 * built page and sandbox proxy, served by its own `serve.ts` (under Node 22 and `tsx`) on
 * 127.0.0.1. The proxy's URL is fixed in its source to port 8081, which must be free. The script
 * picks the tool, enters the arguments, calls it for 3 and then 50 sources, and walks the view
 * (see `lab.ts`).
 *
 * Run: `deno run --config deno.dev.json -A lab/basic_host.ts --server URL --out DIR
 * --basic-host DIR`, where DIR is a built `examples/basic-host` (see README.md).
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

const { server, out, extra } = labOptions(["basic-host"]);
const dir = extra["basic-host"] ?? "/work/hostlab/ext-apps-1.7.5/examples/basic-host";
const port = freePort();
const host = spawn("npx", ["-y", "-p", "node@22", "-p", "tsx@4", "--", "tsx", "serve.ts"], {
  cwd: dir,
  env: {
    HOST_PORT: String(port),
    SANDBOX_PORT: "8081",
    SERVERS: JSON.stringify([server.href]),
    NODE_OPTIONS: `--require ${new URL("./loopback.cjs", import.meta.url).pathname}`,
  },
  log: `${out}/basic-host-server.log`,
});
const report = new Report("basic-host", out);
const { browser, context } = await openBrowser({ width: 1280, height: 1100 });

/** Calls `render_results` with `args` and returns the frame of the newest view. */
async function call(page: Page, args: Record<string, unknown>): Promise<Frame> {
  const tool = page.locator("select").nth(1);
  await tool.selectOption("render_results");
  await page.locator("textarea").first().fill(JSON.stringify(args));
  const before = await page.locator("iframe").count();
  await page.getByRole("button", { name: "Call Tool" }).click();
  await page.locator("iframe").nth(before).waitFor({ timeout: 30_000 });
  const proxy = await (await page.locator("iframe").nth(before).elementHandle())!.contentFrame();
  const view = await (await proxy!.waitForSelector("iframe", { timeout: 30_000 }))
    .contentFrame();
  if (!view) throw new Error("basic-host's sandbox shows no view");
  return view;
}

try {
  await reachable(`http://127.0.0.1:${port}/`);
  await reachable("http://127.0.0.1:8081/sandbox.html");
  const page = await context.newPage();
  await report.watch(page);
  await page.goto(`http://localhost:${port}/`);
  await page.getByRole("button", { name: "Call Tool" }).waitFor();
  const setTheme = async (theme: "light" | "dark") => {
    const toggle = page.getByTitle(
      theme === "dark" ? "Switch to dark mode" : "Switch to light mode",
    );
    if (await toggle.count()) await toggle.click();
  };
  for (const [index, count] of [3, 50].entries()) {
    const view = await call(page, sources(count));
    await walk(page, view, report, {
      setTheme,
      frameSelector: `iframe >> nth=${index}`,
      panelSelector: `[class*=toolCallInfoPanel] >> nth=${index}`,
    }, String(count));
  }
} finally {
  await report.write();
  await browser.close();
  await host.stop();
}
