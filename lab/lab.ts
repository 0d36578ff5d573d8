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
import type {
  Browser,
  BrowserContext,
  Dialog,
  Download,
  Frame,
  Page,
  Request,
} from "playwright-core";
import { localize, type Localized } from "render-results-mcp/testing";
import { collectErrors, launchChromium } from "../tests/support/browser_host.ts";
export { freePort } from "../tests/support/server_process.ts";

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

  /**
   * Takes a screenshot named after `step` of `page`: of the part of the window that shows the
   * element `area` (a selector) where given, else of the whole window.
   */
  async shot(page: Page, step: string, area?: string): Promise<void> {
    const name = `${this.host}-${String(++this.#shots).padStart(2, "0")}-${step}.png`;
    let clip: { x: number; y: number; width: number; height: number } | undefined;
    if (area) {
      const element = page.locator(area).first();
      await element.scrollIntoViewIfNeeded();
      const box = await element.boundingBox();
      const { width, height } = page.viewportSize()!;
      if (box) {
        const [x, y] = [Math.max(0, box.x), Math.max(0, box.y)];
        clip = {
          x,
          y,
          width: Math.min(width, box.x + box.width) - x,
          height: Math.min(height, box.y + box.height) - y,
        };
      }
    }
    await page.screenshot({ path: `${this.out}/${name}`, clip });
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
  /**
   * The host's panel around the view, as a selector: screenshots show the part of the window it
   * covers, except the one of the narrowed window, which shows all of it.
   */
  panelSelector?: string;
}

/** One walk through one view: where it is, and how its steps are named and recorded. */
interface Walk {
  page: Page;
  view: Frame;
  controls: HostControls;
  words: Localized;
  /** Records what step `name` showed. */
  saw(name: string, saw: string): void;
  /** Photographs step `name` (the host's panel around the view, or the window with `whole`). */
  shot(name: string, whole?: boolean): Promise<void>;
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

/** Each shown copy box in the view: the hint above it and the text it holds. */
function copyBoxes(view: Frame): Promise<{ hint: string; text: string }[]> {
  return view.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".copybox")].filter((box) => box.offsetWidth > 0)
      .map((box) => ({
        hint: box.querySelector("label")?.firstChild?.textContent ?? "",
        text: box.querySelector("textarea")?.value ?? "",
      }))
  );
}

function clip(text: string, length = 120): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length)}…` : line;
}

const QUIET = "no notice; no copy box";

/** What the view says in its notice (with its button) and copy box right now. */
async function feedback(view: Frame): Promise<string> {
  const notice = await view.locator(".notice").first().textContent().catch(() => "");
  const [box] = await copyBoxes(view);
  return [
    notice ? `notice "${clip(notice)}"` : "no notice",
    box ? `copy box "${clip(box.hint)}" holding "${clip(box.text, 80)}"` : "no copy box",
  ].join("; ");
}

/**
 * Walks through the view in `view` (inside `page`) as a person would, recording and
 * photographing each step named after `label`; it finds the view's controls by their names in
 * the host's `locale`.
 */
export async function walk(
  page: Page,
  view: Frame,
  report: Report,
  controls: HostControls,
  label: string,
  locale = "en",
): Promise<void> {
  const step = (name: string) => `${label}-${name}`;
  const here: Walk = {
    page,
    view,
    controls,
    words: localize(locale),
    saw: (name, saw) => report.saw(step(name), saw),
    shot: (name, whole) =>
      report.shot(page, step(name), whole ? undefined : controls.panelSelector),
  };
  const mounted = await within(15_000, async () => await view.locator(".card").count() > 0);
  const body = clip(await view.locator("body").innerText().catch(() => "(no body)"), 200);
  const { lang, dir } = await view.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));
  here.saw(
    "mount",
    (mounted
      ? `${await view.locator(".card").count()} cards under "${await view.locator("h1")
        .textContent()}"`
      : `no cards; the view shows: "${body}"`) + ` (lang "${lang}", dir "${dir}")`,
  );
  await here.shot("mount");
  if (mounted) await interact(here);
  await looks(here);
}

/**
 * Unfolds a list the view opened folded, and says how many cards and how tall a frame the host
 * gave it before and after; the rest of the walk sees the whole list.
 */
async function unfold(walk: Walk): Promise<void> {
  const { page, view, controls } = walk;
  const fold = view.locator("button.fold");
  if (!await fold.count()) return walk.saw("unfold", "the list shows whole, with no control");
  const frame = page.locator(controls.frameSelector).first();
  const shown = async () =>
    `${await view.locator(".card").count()} cards, frame ${
      (await frame.boundingBox())?.height.toFixed(0) ?? "not shown"
    } px high`;
  const folded = await shown();
  const label = await fold.textContent();
  await fold.click();
  await pause(1_000);
  walk.saw("unfold", `folded: ${folded}; "${label}" → ${await shown()}`);
  await walk.shot("unfold");
}

/**
 * Unfolding, filter, sort, export, copy, marks, a link and full screen, each recorded and
 * photographed.
 */
async function interact(walk: Walk): Promise<void> {
  const { page, view, words } = walk;
  await unfold(walk);
  const search = view.getByRole("searchbox");
  if (await search.count()) {
    await search.fill("part 1");
    await pause(500);
    walk.saw("filter", `"part 1" leaves ${await view.locator(".card").count()} cards`);
    await walk.shot("filter");
    await search.fill("");
  } else walk.saw("filter", "no filter field (6 results or fewer)");

  const newest = view.getByRole("button", { name: words.t("newestFirst") });
  if (await newest.count()) {
    await newest.click();
    walk.saw(
      "sort",
      `newest first: top card "${await view.locator(".card h2").first()
        .textContent()}"`,
    );
    await walk.shot("sort");
    await newest.click();
  } else walk.saw("sort", "no sort control");

  const dialogs: string[] = [];
  const downloads: string[] = [];
  let answer: "accept" | "dismiss" = "accept";
  const onDialog = (dialog: Dialog) => {
    dialogs.push(clip(dialog.message()));
    dialog[answer]().catch(() => {});
  };
  const onDownload = (download: Download) => downloads.push(download.suggestedFilename());
  page.on("dialog", onDialog);
  page.on("download", onDownload);
  const group = view.getByRole("group");
  if (await group.count()) {
    const verb = clip(await group.innerText(), 40);
    await group.getByRole("button", { name: "CSV" }).click();
    await within(3_000, async () => (await feedback(view)) !== QUIET);
    walk.saw(
      "export",
      `"${verb}" → CSV: ${await feedback(view)}; dialogs ${JSON.stringify(dialogs)}; ` +
        `downloads ${JSON.stringify(downloads)}`,
    );
    await walk.shot("export");
    await view.getByRole("button", { name: words.t("done") }).click().catch(() => {});
    if (dialogs.length) {
      // The host asks before it saves a file: decline it once.
      answer = "dismiss";
      await declineDownload(walk);
      answer = "accept";
    }
  } else walk.saw("export", "no export controls");
  page.off("dialog", onDialog);
  page.off("download", onDownload);

  const copy = view.getByRole("button", { name: words.t("copyList") });
  if (await copy.count()) {
    await copy.click();
    await within(3_000, async () => (await feedback(view)) !== QUIET);
    walk.saw("copy", await feedback(view));
    await walk.shot("copy");
    await view.getByRole("button", { name: words.t("done") }).click().catch(() => {});
  }

  const mark = view.getByRole("button", { name: words.t("mark", { number: "1" }), exact: true });
  if (await mark.count()) {
    await mark.click();
    walk.saw("marks", `marked 1: "${await view.locator(".count").textContent()}"`);
    await walk.shot("marks");
    await mark.click();
  } else walk.saw("marks", "no mark buttons (the host takes no model context)");

  // A new window's address, from its first request (which is blocked, as it leaves 127.0.0.1).
  // That request comes before the window's frame exists, so it has no frame yet.
  const popups: string[] = [];
  const context = page.context();
  const onRequest = (request: Request) => {
    if (!request.isNavigationRequest()) return;
    try {
      const frame = request.frame();
      if (frame.page() === page || frame.parentFrame()) return;
    } catch {
      // No frame yet: a new window.
    }
    popups.push(request.url());
  };
  context.on("request", onRequest);
  const link = view.locator(".card h2 a").first();
  if (await link.count()) {
    const href = await link.getAttribute("href");
    await link.click();
    await within(2_000, () => popups.length > 0);
    const opened = popups.length ? `a window opened ${popups.join(", ")}` : "no window opened";
    walk.saw("link", `clicked ${href}: ${opened}; ${await feedback(view)}`);
    await walk.shot("link");
    for (const popup of context.pages().slice(1)) await popup.close().catch(() => {});
  }
  context.off("request", onRequest);
  await fullScreen(walk);
}

/** Full screen and back, where the view offers it: the frame's size and the view's mode. */
async function fullScreen(walk: Walk): Promise<void> {
  const { page, view, controls, words } = walk;
  const full = view.getByRole("button", { name: words.t("fullScreen") });
  if (!await full.count()) return walk.saw("fullscreen", "no full-screen control");
  const frame = page.locator(controls.frameSelector).first();
  const size = async () => {
    const box = await frame.boundingBox();
    return box ? `${box.width.toFixed(0)} × ${box.height.toFixed(0)} px` : "not shown";
  };
  const before = await size();
  await full.click();
  await pause(1_000);
  const mode = await view.evaluate(() => document.documentElement.dataset.mode ?? "");
  walk.saw("fullscreen", `frame ${before} → ${await size()}; view mode "${mode}"`);
  await walk.shot("fullscreen", true);
  await view.getByRole("button", { name: words.t("exitFullScreen") }).click().catch(() => {});
  await pause(1_000);
}

/** Exports again while the host's confirmation is declined, then takes "Copy instead". */
async function declineDownload(walk: Walk): Promise<void> {
  const { view, words } = walk;
  const group = view.getByRole("group");
  await group.getByRole("button", { name: "CSV" }).click();
  const instead = view.getByRole("button", { name: words.t("copyInstead") });
  await within(3_000, async () => await instead.count() > 0);
  walk.saw("export-declined", await feedback(view));
  await walk.shot("export-declined");
  if (!await instead.count()) return;
  await instead.click();
  await within(3_000, async () => await instead.count() === 0);
  walk.saw("copy-instead", await feedback(view));
  await walk.shot("copy-instead");
  await view.getByRole("button", { name: words.t("done") }).click().catch(() => {});
}

/** The view in the host's dark and light themes and in a narrower window. */
async function looks(walk: Walk): Promise<void> {
  const { page, view, controls } = walk;
  if (controls.setTheme) {
    for (const theme of ["dark", "light"] as const) {
      await controls.setTheme(theme);
      await pause(1_000);
      const look = await view.evaluate(() => ({
        theme: document.documentElement.dataset.theme ?? "",
        text: getComputedStyle(document.querySelector("h1") ?? document.body).color,
      }));
      walk.saw(`theme-${theme}`, `view theme "${look.theme}", heading ${look.text}`);
      await walk.shot(`theme-${theme}`);
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
  walk.saw(
    "narrow",
    `window ${Math.min(560, size.width)} px: frame ${frame?.width.toFixed(0)} px wide at x ${
      frame?.x.toFixed(0)
    }${
      container ? `, container ${container.width.toFixed(0)} px` : ""
    }; view content ${overflow.scroll} px in ${overflow.client} px`,
  );
  await walk.shot("narrow", true);
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
