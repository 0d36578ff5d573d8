/**
 * Runs the view in a second real renderer: a page on `@mcp-ui/client`'s `AppRenderer`
 * (`mcp_ui_page.ts`, bundled here) in headless Chromium. One local `Deno.serve` serves the page
 * and forwards `/mcp` to the server under test; a second one, on another port and so another
 * origin, serves the sandbox proxy (`sandbox_proxy.ts`), as the renderer requires.
 *
 * @module
 */
import type { Browser, Frame, Page } from "playwright-core";
import { bundleForBrowser, collectErrors, launchChromium } from "./browser_host.ts";
import type { McpUiTestHost, ShowOptions } from "./mcp_ui_page.ts";
import { proxyPolicy, SANDBOX_PROXY_HTML } from "./sandbox_proxy.ts";

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>@mcp-ui/client host</title><link rel="icon" href="data:,">
<style>
  html { color-scheme: light; background: #fff; }
  html[data-theme=dark] { color-scheme: dark; background: #1f1f1f; }
  body { margin: 0; padding: 16px; }
  #container { border: 1px solid #8888; border-radius: 8px; overflow: hidden; }
</style></head>
<body><div id="container"></div><script type="module" src="/host.js"></script></body></html>`;

/** Answers an MCP request: the server under test. */
export type McpHandler = (request: Request) => Promise<Response>;

/** Headless Chromium showing the `AppRenderer` page, and the servers behind it. */
export class McpUiHost {
  /** The host page. */
  readonly page: Page;
  /**
   * Console errors, uncaught exceptions and CSP violations of the page and its frames, each
   * console error after the URL of the document that logged it.
   */
  readonly errors: string[];
  #browser: Browser;
  #servers: Deno.HttpServer<Deno.NetAddr>[];

  private constructor(
    browser: Browser,
    servers: Deno.HttpServer<Deno.NetAddr>[],
    page: Page,
    errors: string[],
  ) {
    this.#browser = browser;
    this.#servers = servers;
    this.page = page;
    this.errors = errors;
  }

  /**
   * Bundles the page, serves it with `/mcp` answered by `mcp` and the sandbox proxy on another
   * port, launches Chromium, blocks every request that leaves 127.0.0.1, and opens the page in a
   * window `width` CSS pixels wide.
   */
  static async start(mcp: McpHandler, width = 760): Promise<McpUiHost> {
    const [script, browser] = await Promise.all([
      bundleForBrowser("mcp_ui_page.ts", "../../deno.dev.json"),
      launchChromium(),
    ]);
    const listen = { hostname: "127.0.0.1", port: 0, onListen() {} };
    const site = Deno.serve(listen, (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/mcp") return mcp(request);
      if (path === "/") return html(PAGE);
      if (path === "/host.js") {
        return new Response(script, { headers: { "content-type": "text/javascript" } });
      }
      return new Response("Not found", { status: 404 });
    });
    const proxy = Deno.serve(listen, (request) => {
      const url = new URL(request.url);
      if (url.pathname !== "/sandbox.html") return new Response("Not found", { status: 404 });
      return html(SANDBOX_PROXY_HTML, {
        "content-security-policy": proxyPolicy(url.searchParams.get("csp")),
      });
    });
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.route(
      (url) => url.hostname !== "127.0.0.1",
      (route) => route.abort("blockedbyclient"),
    );
    const page = await context.newPage();
    const errors = await collectErrors(page, true);
    await page.goto(`http://127.0.0.1:${site.addr.port}/`);
    return new McpUiHost(browser, [site, proxy], page, errors);
  }

  /** The sandbox proxy's URL. */
  get sandboxUrl(): string {
    return `http://127.0.0.1:${this.#servers[1].addr.port}/sandbox.html`;
  }

  /**
   * Calls the tool with `args` through the page's MCP client and renders its view in `theme`
   * (and `locale` where given); resolves with the view's frame once it shows its heading.
   */
  async show(
    tool: string,
    args: Record<string, unknown>,
    theme: ShowOptions["theme"] = "light",
    locale?: string,
  ): Promise<Frame> {
    const options: ShowOptions = { tool, args, theme, locale, sandbox: this.sandboxUrl };
    await this.page.evaluate(
      (options) => (globalThis as unknown as { host: McpUiTestHost }).host.show(options),
      options,
    );
    const proxy = await (await this.page.waitForSelector("#container iframe")).contentFrame();
    const view = await (await proxy!.waitForSelector("iframe")).contentFrame();
    if (!view) throw new Error("the sandbox proxy shows no view");
    await view.waitForSelector("h1");
    return view;
  }

  /** The errors logged by the view (its document is the proxy's `srcdoc` frame). */
  viewErrors(): string[] {
    return this.errors.filter((error) => error.startsWith("about:srcdoc"));
  }

  /** The sizes the view reported in `ui/notifications/size-changed`. */
  reportedSizes(): Promise<unknown[]> {
    return this.page.evaluate(() =>
      (globalThis as unknown as { host: McpUiTestHost }).host.sizes()
    );
  }

  /** Changes the host's theme. */
  async setTheme(theme: ShowOptions["theme"]): Promise<void> {
    await this.page.evaluate(
      (theme) => (globalThis as unknown as { host: McpUiTestHost }).host.setTheme(theme),
      theme,
    );
  }

  /** Closes Chromium and the servers. */
  async close(): Promise<void> {
    await this.#browser.close();
    await Promise.all(this.#servers.map((server) => server.shutdown()));
  }
}

function html(body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    headers: { "content-type": "text/html; charset=utf-8", ...headers },
  });
}
