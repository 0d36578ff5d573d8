/**
 * Writes screenshots of the built view, light and dark, to `docs/view-light.png` and
 * `docs/view-dark.png`: five results under the test host of `tests/support/browser_host.ts`, one snippet
 * expanded, keyboard focus on a link. Not part of the tests.
 *
 * Usage: `deno task build && deno run --allow-all ui/screenshots.ts`
 *
 * @module
 */
import { BrowserHost } from "../tests/support/browser_host.ts";

const RESULTS = [
  {
    title: "Security and permissions",
    url: "https://docs.deno.com/runtime/fundamentals/security/",
    text: "Deno is secure by default. Unless you specifically enable it, a program run with " +
      "Deno has no access to sensitive APIs, such as file system access, network " +
      "connectivity, or environment access. You must explicitly grant access to these " +
      "resources with command line flags or with a runtime permission prompt.",
  },
  {
    title: "MCP Apps: interactive user interfaces for MCP",
    url: "https://modelcontextprotocol.io/extensions/apps/overview",
    text: "MCP Apps let a server ship an interactive view with a tool. The host renders the " +
      "view in a sandboxed iframe and talks to it over postMessage with JSON-RPC: the view " +
      "receives the tool input and result, follows the host's theme and asks the host to " +
      "open links.",
  },
  { title: "Preact: fast 3kB alternative to React", url: "https://preactjs.com/" },
  {
    title: "Content Security Policy (CSP)",
    url: "https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/CSP",
    text: "A feature that helps to prevent or minimize the risk of certain types of security " +
      "threats.",
  },
  {
    title: "Deno 2 is here",
    url: "https://www.deno.com/blog/v2.0",
    text: "Fully backwards compatible with Node and npm.",
  },
];

const host = await BrowserHost.start(2);
try {
  for (const theme of ["light", "dark"] as const) {
    const view = await host.open({
      capabilities: { openLinks: {} },
      context: { theme, locale: "en-US" },
      width: 560,
    });
    await view.call("toolInput", { results: RESULTS, title: "Building MCP Apps" });
    await view.call("toolResult", {
      content: [{ type: "text", text: "Building MCP Apps" }],
      structuredContent: {
        title: "Building MCP Apps",
        total: RESULTS.length,
        results: RESULTS.map((result) => ({ id: result.url, ...result })),
      },
    });
    await view.view.locator(".more").first().click();
    await view.view.locator(".more").nth(1).waitFor();
    await view.page.keyboard.press("Tab");
    await view.page.waitForTimeout(300);
    await view.page.locator("iframe").screenshot({
      path: new URL(`../docs/view-${theme}.png`, import.meta.url).pathname,
    });
    if (view.errors.length) throw new Error(view.errors.join("\n"));
  }
} finally {
  await host.close();
}
