/**
 * What every host script in this folder shares: the command line (`--server`, `--out`), headless
 * Chromium that reaches nothing but 127.0.0.1, two real `render_results` calls (3 and 50
 * sources), and one walk through the view a person would take in any host (cards, filter, sort,
 * export, copy, marks, links, theme, a narrower window), with a screenshot of each step and the
 * console errors and CSP violations of the host and the view. Nothing here asserts: a script
 * records what it saw in `report.json` and prints it, to be read beside the screenshots.
 *
 * @module
 */
import { parseArgs } from "node:util";
import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { collectErrors, launchChromium } from "../support/browser_host.ts";
export { freePort } from "../support/server_process.ts";

/** The settings every host script takes. */
export interface LabOptions {
  /** The MCP endpoint of the server under test, e.g. `http://127.0.0.1:8000/mcp`. */
  server: URL;
  /** Where screenshots and `report.json` go (created if missing). */
  out: string;
  /** Further `--name value` options of the script. */
  extra: Record<string, string | undefined>;
}

/** Reads `--server URL --out DIR` and the script's own options named in `extra`. */
export function labOptions(extra: string[] = []): LabOptions {
  const { values } = parseArgs({
    args: Deno.args,
    options: Object.fromEntries(
      ["server", "out", ...extra].map((name) => [name, { type: "string" as const }]),
    ),
  });
  if (!values.server || !values.out) {
    throw new Error(
      `usage: --server http://127.0.0.1:PORT/mcp --out DIR${
        extra.map((name) => ` [--${name} ...]`).join("")
      }`,
    );
  }
  Deno.mkdirSync(values.out, { recursive: true });
  return { server: new URL(values.server), out: values.out, extra: values };
}

const TOPICS = [
  "Streamable HTTP transport and stateless servers",
  "Sandboxed iframes and their content security policy",
  "Caching views by content hash",
  "Dense, readable lists of search results",
  "Keyboard navigation in card lists",
];

/** The arguments of a `render_results` call with `count` sources, dated and with snippets. */
export function sources(count: number): Record<string, unknown> {
  return {
    title: `${count} sources`,
    results: Array.from({ length: count }, (_, i) => ({
      title: `${TOPICS[i % TOPICS.length]} (part ${i + 1})`,
      url: `https://www.example${i % 7}.com/articles/${i + 1}?ref=search`,
      text: `Snippet ${i + 1}: how a host shows a list of sources, and what a reader can do with ` +
        `it: filter, sort, export, copy and open each source.`,
      metadata: {
        siteName: `Example ${i % 7}`,
        author: `Author ${i % 5}`,
        publishedAt: `2026-0${1 + (i % 9)}-1${i % 10}`,
      },
    })),
  };
}

/** Headless Chromium whose pages reach 127.0.0.1 only, and the context its pages open in. */
export async function openBrowser(
  viewport = { width: 1280, height: 900 },
): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport });
  await context.route(
    (url) => !["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol !== "data:",
    (route) => route.abort("blockedbyclient"),
  );
  return { browser, context };
}

/** What one run saw: notes per step, screenshots, and errors. */
export class Report {
  readonly host: string;
  readonly out: string;
  readonly steps: { step: string; saw: string }[] = [];
  errors: string[] = [];
  #shots = 0;

  constructor(host: string, out: string) {
    this.host = host;
    this.out = out;
  }

  /** Records what `step` showed. */
  saw(step: string, saw: string): void {
    this.steps.push({ step, saw });
    console.log(`[${this.host}] ${step}: ${saw}`);
  }

  /** Takes a screenshot of `page` named after `step`. */
  async shot(page: Page, step: string): Promise<void> {
    const name = `${this.host}-${String(++this.#shots).padStart(2, "0")}-${step}.png`;
    await page.screenshot({ path: `${this.out}/${name}` });
  }

  /** Starts collecting the errors of `page` and its frames. */
  async watch(page: Page): Promise<void> {
    this.errors = await collectErrors(page, true);
  }

  /** Writes `report.json` beside the screenshots. */
  async write(): Promise<void> {
    const file = `${this.out}/${this.host}-report.json`;
    await Deno.writeTextFile(
      file,
      JSON.stringify({ host: this.host, steps: this.steps, errors: this.errors }, null, 2),
    );
    console.log(`[${this.host}] ${this.errors.length} console errors; report in ${file}`);
  }
}

/** How a host script lets the walk change what only the host controls. */
export interface HostControls {
  /** Switches the host to `theme`; absent where the host has no theme of its own. */
  setTheme?(theme: "light" | "dark"): Promise<void>;
  /** The view's frame element in `page` (for its size), as a selector. */
  frameSelector: string;
  /** The element the host sizes the frame within, as a selector. */
  containerSelector?: string;
}

/** Waits up to `ms` for `fn` to hold; returns whether it did. */
async function within(ms: number, fn: () => boolean | Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await Promise.resolve().then(fn).catch(() => false)) return true;
    await pause(100);
  }
  return false;
}

/** Gives the host and the view `ms` to settle before a screenshot. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The text of every shown text field or area in the view. */
function shownFields(view: Frame): Promise<string[]> {
  return view.evaluate(() =>
    [...document.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>(
      "textarea, input:not([type=search])",
    )].filter((field) => field.offsetWidth > 0).map((field) => field.value)
  );
}

function clip(text: string, length = 120): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length)}…` : line;
}

/** What the view says in its status line, notice and copy box right now. */
async function feedback(view: Frame): Promise<string> {
  const notice = await view.locator(".notice").first().textContent().catch(() => "");
  const fields = await shownFields(view);
  return [
    notice ? `notice "${clip(notice)}"` : "no notice",
    fields.length ? `text shown for copying: "${clip(fields[0])}"` : "no copy box",
  ].join("; ");
}

/**
 * Walks through the view in `view` (inside `page`) as a person would, recording and
 * photographing each step. `count` is the number of sources shown.
 */
export async function walk(
  page: Page,
  view: Frame,
  report: Report,
  controls: HostControls,
  label: string,
): Promise<void> {
  const step = (name: string) => `${label}-${name}`;
  const mounted = await within(15_000, async () => await view.locator(".card").count() > 0);
  const body = clip(await view.locator("body").innerText().catch(() => "(no body)"), 200);
  report.saw(
    step("mount"),
    mounted
      ? `${await view.locator(".card").count()} cards under "${await view.locator("h1")
        .textContent()}"`
      : `no cards; the view shows: "${body}"`,
  );
  await report.shot(page, step("mount"));
  if (mounted) await interact(page, view, report, step);
  await looks(page, view, report, controls, step);
}

/** Filter, sort, export, copy, marks and a link, each recorded and photographed. */
async function interact(
  page: Page,
  view: Frame,
  report: Report,
  step: (name: string) => string,
): Promise<void> {
  const search = view.getByRole("searchbox");
  if (await search.count()) {
    await search.fill("part 1");
    await pause(500);
    report.saw(step("filter"), `"part 1" leaves ${await view.locator(".card").count()} cards`);
    await report.shot(page, step("filter"));
    await search.fill("");
  } else report.saw(step("filter"), "no filter field (6 results or fewer)");

  const newest = view.getByRole("button", { name: "Newest first" });
  if (await newest.count()) {
    await newest.click();
    report.saw(
      step("sort"),
      `newest first: top card "${await view.locator(".card h2").first()
        .textContent()}"`,
    );
    await report.shot(page, step("sort"));
    await newest.click();
  } else report.saw(step("sort"), "no sort control");

  const dialogs: string[] = [];
  const downloads: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(clip(dialog.message()));
    dialog.accept().catch(() => {});
  });
  page.on("download", (download) => downloads.push(download.suggestedFilename()));
  const group = view.getByRole("group", { name: "Export" });
  if (await group.count()) {
    const verb = clip(await group.innerText(), 40);
    await group.getByRole("button", { name: "CSV" }).click();
    await within(3_000, async () => (await feedback(view)) !== "no notice; no copy box");
    report.saw(
      step("export"),
      `"${verb}" → CSV: ${await feedback(view)}; dialogs ${JSON.stringify(dialogs)}; ` +
        `downloads ${JSON.stringify(downloads)}`,
    );
    await report.shot(page, step("export"));
    await view.getByRole("button", { name: "Done" }).click().catch(() => {});
  } else report.saw(step("export"), "no export controls");

  const copy = view.getByRole("button", { name: "Copy list" });
  if (await copy.count()) {
    await copy.click();
    await within(3_000, async () => (await feedback(view)) !== "no notice; no copy box");
    report.saw(step("copy"), await feedback(view));
    await report.shot(page, step("copy"));
    await view.getByRole("button", { name: "Done" }).click().catch(() => {});
  }

  const mark = view.getByRole("button", { name: /^Mark 1\b/ });
  if (await mark.count()) {
    await mark.click();
    report.saw(step("marks"), `marked 1: "${await view.locator(".count").textContent()}"`);
    await report.shot(page, step("marks"));
    await mark.click();
  } else report.saw(step("marks"), "no mark buttons (the host takes no model context)");

  const popups: string[] = [];
  const context = page.context();
  const onPage = (popup: Page) => popups.push(popup.url() || "(blank)");
  context.on("page", onPage);
  const link = view.locator(".card h2 a").first();
  if (await link.count()) {
    const href = await link.getAttribute("href");
    await link.click();
    await within(2_000, () => popups.length > 0);
    report.saw(
      step("link"),
      `clicked ${href}: ${
        popups.length ? `opened ${popups.join(", ")}` : "no window opened"
      }; ${await feedback(
        view,
      )}`,
    );
    await report.shot(page, step("link"));
    for (const popup of context.pages().slice(1)) await popup.close().catch(() => {});
  }
  context.off("page", onPage);
}

/** The view in the host's dark and light themes and in a narrower window. */
async function looks(
  page: Page,
  view: Frame,
  report: Report,
  controls: HostControls,
  step: (name: string) => string,
): Promise<void> {
  if (controls.setTheme) {
    for (const theme of ["dark", "light"] as const) {
      await controls.setTheme(theme);
      await pause(1_000);
      const look = await view.evaluate(() => ({
        theme: document.documentElement.dataset.theme ?? "",
        text: getComputedStyle(document.querySelector("h1") ?? document.body).color,
      }));
      report.saw(step(`theme-${theme}`), `view theme "${look.theme}", heading ${look.text}`);
      await report.shot(page, step(`theme-${theme}`));
    }
  }

  const size = page.viewportSize()!;
  await page.setViewportSize({ width: Math.min(560, size.width), height: size.height });
  await pause(1_500);
  const frame = await page.locator(controls.frameSelector).first().boundingBox();
  const container = controls.containerSelector
    ? await page.locator(controls.containerSelector).first().boundingBox()
    : null;
  const overflow = await view.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  report.saw(
    step("narrow"),
    `window ${Math.min(560, size.width)} px: frame ${frame?.width.toFixed(0)} px wide at x ${
      frame?.x.toFixed(0)
    }${
      container ? `, container ${container.width.toFixed(0)} px` : ""
    }; view content ${overflow.scroll} px in ${overflow.client} px`,
  );
  await report.shot(page, step("narrow"));
  await page.setViewportSize(size);
}

/** Starts a program as its own process group; `stop` ends the group. */
export function spawn(
  program: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; log: string },
): { process: Deno.ChildProcess; stop(): Promise<void> } {
  const log = Deno.openSync(options.log, { write: true, create: true, truncate: true });
  const child = new Deno.Command(program, {
    args,
    cwd: options.cwd,
    env: options.env,
    stdout: "piped",
    stderr: "piped",
    detached: true,
  }).spawn();
  child.stdout.pipeTo(log.writable, { preventClose: true }).catch(() => {});
  child.stderr.pipeTo(
    new WritableStream({ write: (chunk) => void log.writeSync(chunk) }),
  ).catch(() => {});
  return {
    process: child,
    async stop() {
      try {
        Deno.kill(-child.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
      await child.status;
    },
  };
}

/** Resolves once `url` answers, or throws after `ms`. */
export async function reachable(url: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}
