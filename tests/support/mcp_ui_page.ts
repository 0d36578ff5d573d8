/**
 * A host page built on `@mcp-ui/client`'s `AppRenderer`, the React renderer several MCP hosts
 * embed, as its README shows: an MCP client connected to the server, the tool called, and the
 * renderer given the client, the tool's name, a sandbox proxy URL, and the call's arguments and
 * result. The page sets no handlers and no host capabilities of its own, so the renderer runs
 * with its defaults. Bundled for Chromium by `mcp_ui_host.ts`; tests drive it through
 * `globalThis.host`.
 *
 * @module
 */
import { AppRenderer } from "@mcp-ui/client";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createElement } from "react";
import { createRoot } from "react-dom/client";

/** What the page shows: a call of `tool` with `args`, in a host with `theme` and `locale`. */
export interface ShowOptions {
  /** The tool to call and render. */
  tool: string;
  /** The call's arguments. */
  args: Record<string, unknown>;
  /** The URL of the sandbox proxy page, on an origin other than this page's. */
  sandbox: string;
  /** The host's theme, sent to the view as host context. */
  theme: "light" | "dark";
  /** The host's locale (BCP 47), sent to the view as host context where given. */
  locale?: string;
}

const container = document.getElementById("container")!;
const root = createRoot(container);
let client: Client | undefined;
// Kept between renders: a new sandbox object each time would make the renderer check its frame.
let shown: (ShowOptions & { result: unknown; proxy: { url: URL } }) | undefined;
// Each call shown gets a renderer of its own, as a new message in a chat would.
let calls = 0;
const sizes: unknown[] = [];

function draw(): void {
  if (!shown || !client) return;
  root.render(createElement(AppRenderer, {
    key: calls,
    client,
    toolName: shown.tool,
    sandbox: shown.proxy,
    toolInput: shown.args,
    toolResult: shown.result as never,
    hostContext: { theme: shown.theme, ...shown.locale && { locale: shown.locale } },
    onSizeChanged: (size: unknown) => void sizes.push(size),
    onError: (error: Error) => console.error(`AppRenderer: ${error.message}`),
  }));
}

/** The host page as tests drive it. */
export const host = {
  /** Connects to the MCP endpoint of this page's origin, calls the tool and renders its view. */
  async show(options: ShowOptions): Promise<void> {
    if (!client) {
      client = new Client({ name: "mcp-ui-test-host", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", location.href)));
    }
    const result = await client.callTool({ name: options.tool, arguments: options.args });
    shown = { ...options, result, proxy: { url: new URL(options.sandbox) } };
    calls++;
    sizes.length = 0;
    document.documentElement.dataset.theme = options.theme;
    draw();
  },
  /** Changes the host's theme; the renderer sends the view the new host context. */
  setTheme(theme: "light" | "dark"): void {
    if (!shown) return;
    shown = { ...shown, theme };
    document.documentElement.dataset.theme = theme;
    draw();
  },
  /** The sizes the view reported in `ui/notifications/size-changed`. */
  sizes: (): unknown[] => sizes,
};

/** The type of `globalThis.host` in the page. */
export type McpUiTestHost = typeof host;

Object.assign(globalThis, { host });
