/**
 * Runs the built view the way an MCP Apps host does, in headless Chromium: a local `Deno.serve`
 * serves a host page (`host_page.ts`, bundled here) that renders the built view in a
 * sandboxed iframe and talks to it through the real `AppBridge`.
 *
 * @module
 */
import { type Browser, chromium, type Frame, type Page } from "playwright-core";
import { VIEW_HTML } from "render-results-mcp";
import type { OpenOptions, TestHost } from "./host_page.ts";
import { oncePerRun } from "./once_per_run.ts";

/** Where the tests expect Chromium. */
export const CHROMIUM = "/usr/bin/chromium";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  // Chromium gives each sandboxed iframe a renderer process of its own, started anew for every
  // view the tests open. In the page's process the sandbox and the CSP hold just the same, and a
  // view opens three to five times sooner.
  "--disable-features=IsolateSandboxedIframes",
];

const HOST_PAGE =
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test host</title><link rel="icon" href="data:,">
</head><body style="margin:0"><script type="module" src="/host.js"></script></body></html>`;

/** Launches headless Chromium with the flags the browser tests use. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * Collects what `page` and its frames log as errors (console errors, uncaught exceptions and
 * content security policy violations) into the returned list; with `sourced`, each console error
 * starts with the URL of the document that logged it (`about:srcdoc: ...`).
 */
export async function collectErrors(page: Page, sourced = false): Promise<string[]> {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    errors.push(sourced ? `${message.location().url}: ${message.text()}` : message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    })
  );
  return errors;
}

/** Whether Chromium is installed where the tests expect it. */
export async function hasChromium(): Promise<boolean> {
  try {
    return (await Deno.stat(CHROMIUM)).isFile;
  } catch {
    return false;
  }
}

/**
 * Bundles the module `entry` (a file beside this one) for the browser, with the imports of
 * `config` (the one Deno finds from here unless given), and returns the script.
 */
export async function bundleForBrowser(entry: string, config?: string): Promise<string> {
  const { success, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      ...(config ? ["--config", new URL(config, import.meta.url).pathname] : []),
      "--minify",
      "--platform=browser",
      entry,
    ],
    cwd: new URL(".", import.meta.url),
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  if (!success) throw new Error(`bundling ${entry} failed:\n${decoder.decode(stderr)}`);
  return decoder.decode(stdout);
}

/** The view shown by the test host, and everything logged as an error since it opened. */
export class ViewPage {
  /** The host page. */
  readonly page: Page;
  /** The view's frame. */
  readonly view: Frame;
  /** Console errors, uncaught exceptions and CSP violations of the page and the view. */
  readonly errors: string[];

  constructor(page: Page, view: Frame, errors: string[]) {
    this.page = page;
    this.view = view;
    this.errors = errors;
  }

  /** Calls `globalThis.host[name](...args)` in the host page and returns its result. */
  call<K extends keyof TestHost>(
    name: K,
    ...args: Parameters<TestHost[K]>
  ): Promise<Awaited<ReturnType<TestHost[K]>>> {
    return this.page.evaluate(
      ({ name, args }) => {
        const host =
          (globalThis as unknown as { host: Record<string, (...a: unknown[]) => unknown> })
            .host;
        return host[name](...args);
      },
      { name, args: args as unknown[] },
    ) as Promise<Awaited<ReturnType<TestHost[K]>>>;
  }

  /**
   * Waits until the text of the first element matching `selector` in the view reads `text`: its
   * text without the invisible marks that isolate a value's direction (U+2068, U+2069).
   */
  async waitForText(selector: string, text: string): Promise<void> {
    await this.view.waitForFunction(
      ([selector, text]) =>
        document.querySelector(selector)?.textContent?.replace(/[\u2068\u2069]/g, "") === text,
      [selector, text],
      { timeout: 5_000 },
    );
  }

  /** The text on the clipboard, as the host page reads it. */
  async clipboard(): Promise<string> {
    const origin = new URL(this.page.url()).origin;
    await this.page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    return await this.page.evaluate(() => navigator.clipboard.readText());
  }

  /**
   * The colour painted on screen at (`x`, `y`) in the view's CSS pixels, as [r, g, b]: what a
   * person sees there, through the view, its frame and the host page.
   */
  async pixel(x: number, y: number): Promise<number[]> {
    const frame = await this.page.locator("iframe").boundingBox();
    if (!frame) throw new Error("the view's iframe is not shown");
    const png = await this.page.screenshot({
      clip: { x: frame.x + x, y: frame.y + y, width: 1, height: 1 },
    });
    return await this.page.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = new OffscreenCanvas(1, 1);
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    }, btoa(String.fromCharCode(...png)));
  }

  /** Removes the view from the host page. */
  async close(): Promise<void> {
    await this.call("close");
  }
}

/** Headless Chromium showing the test host page, served by a local `Deno.serve`. */
export class BrowserHost {
  #browser: Browser;
  #server: Deno.HttpServer<Deno.NetAddr>;
  #page: Page;
  #errors: string[];

  private constructor(
    browser: Browser,
    server: Deno.HttpServer<Deno.NetAddr>,
    page: Page,
    errors: string[],
  ) {
    this.#browser = browser;
    this.#server = server;
    this.#page = page;
    this.#errors = errors;
  }

  /**
   * Serves the host page on 127.0.0.1, bundled once per run for every browser test file,
   * launches Chromium and opens the page, at `deviceScaleFactor` device pixels per CSS pixel (1
   * unless given).
   */
  static async start(deviceScaleFactor = 1): Promise<BrowserHost> {
    const [script, browser] = await Promise.all([
      oncePerRun("host-page", () => bundleForBrowser("host_page.ts")),
      launchChromium(),
    ]);
    const files: Record<string, [string, string]> = {
      "/": [HOST_PAGE, "text/html; charset=utf-8"],
      "/host.js": [script, "text/javascript; charset=utf-8"],
      "/view.html": [VIEW_HTML, "text/html; charset=utf-8"],
    };
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
      const file = files[new URL(request.url).pathname];
      return file
        ? new Response(file[0], { headers: { "content-type": file[1] } })
        : new Response("Not found", { status: 404 });
    });

    const page = await browser.newPage({ deviceScaleFactor });
    const errors = await collectErrors(page);
    await page.goto(`http://127.0.0.1:${server.addr.port}/`);
    return new BrowserHost(browser, server, page, errors);
  }

  /** Shows a new view in the host page, once the view has completed the handshake. */
  async open(options: OpenOptions): Promise<ViewPage> {
    const page = this.#page;
    this.#errors.length = 0;
    await page.evaluate(
      (options) => (globalThis as unknown as { host: TestHost }).host.open(options as OpenOptions),
      options as unknown,
    );
    const view = await (await page.waitForSelector("iframe")).contentFrame();
    if (!view) throw new Error("the view's iframe has no frame");
    return new ViewPage(page, view, this.#errors);
  }

  /** Closes Chromium and the server. */
  async close(): Promise<void> {
    await this.#browser.close();
    await this.#server.shutdown();
  }
}
