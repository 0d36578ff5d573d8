/**
 * The host page of the browser tests, bundled for Chromium by `browser_host.ts`. It plays an MCP
 * Apps host with the real `AppBridge` from `@modelcontextprotocol/ext-apps`: the view runs in an
 * iframe sandboxed with `allow-scripts` only, under the specification's default CSP, and the
 * tests drive the host through `globalThis.host`.
 *
 * @module
 */
import {
  AppBridge,
  buildAllowAttribute,
  type McpUiDisplayMode,
  type McpUiDownloadFileRequest,
  type McpUiHostCapabilities,
  type McpUiHostContext,
  type McpUiResourcePermissions,
  type McpUiToolResultNotification,
  type McpUiUpdateModelContextRequest,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps/app-bridge";

/** The CSP a host applies to a resource that declares no domains (MCP Apps 2026-01-26). */
export const DEFAULT_CSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; " +
  "style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; " +
  "connect-src 'none'; frame-src 'none'; base-uri 'self'; object-src 'none'";

/**
 * The ChatGPT Apps SDK runtime as a host puts it in the view's window: its globals, and whether
 * it offers each method. Calls are recorded in {@linkcode host.openaiCalls}.
 */
export interface OpenAiOptions {
  /**
   * The globals at load (`toolInput`, `toolOutput`, `theme`, `locale`, `widgetState`, ...);
   * `setWidgetState` replaces `widgetState`, as ChatGPT keeps it with the message.
   */
  globals: Record<string, unknown>;
  /** Whether `openExternal` fails, as in a host that cannot open links. */
  failLinks?: boolean;
}

/** How the test host shows the view. */
export interface OpenOptions {
  /**
   * The runtime the host offers: the MCP Apps bridge (unless given), only the ChatGPT Apps SDK
   * runtime (`window.openai`, and no answer to `ui/initialize`), or nothing at all.
   */
  runtime?: "mcp-apps" | "openai" | "none";
  /** The `window.openai` the host puts in the view's window, with the `openai` runtime. */
  openai?: OpenAiOptions;
  /** Whether the host answers `ui/open-link` with an error, as a host without a handler does. */
  refuseLinks?: boolean;
  /** The capabilities the host declares. */
  capabilities: McpUiHostCapabilities;
  /** The host context returned by `ui/initialize`. */
  context: McpUiHostContext;
  /** The iframe's `sandbox` attribute; `allow-scripts` unless given. */
  sandbox?: string;
  /** The permissions the resource asks for, granted through the iframe's `allow` attribute. */
  permissions?: McpUiResourcePermissions;
  /** The iframe's width in CSS pixels; 600 unless given. */
  width?: number;
  /** Whether the host keeps the frame at its first height whatever the view reports. */
  ignoreSizes?: boolean;
}

/** The size of the view as reported by `ui/notifications/size-changed`. */
export interface Size {
  width?: number;
  height?: number;
}

let bridge: AppBridge | undefined;
let context: McpUiHostContext = {};
let iframe: HTMLIFrameElement | undefined;
const received: unknown[] = [];
const links: string[] = [];
const sizes: Size[] = [];
const displayModes: McpUiDisplayMode[] = [];
const modelContexts: McpUiUpdateModelContextRequest["params"][] = [];
const downloads: McpUiDownloadFileRequest["params"][] = [];
let refuseDownloads = false;
const openaiCalls: { method: string; args: unknown }[] = [];

/**
 * The script a host that emulates ChatGPT runs in the view's window before the view: globals
 * behind getters, `openai:set_globals` when the host changes them, and methods whose calls it
 * reports to the host page.
 */
function openaiRuntime({ globals, failLinks = false }: OpenAiOptions): string {
  return `<script>(() => {
  let globals = ${JSON.stringify(globals).replaceAll("<", "\\u003c")};
  const report = (method, args) => parent.postMessage({ openaiCall: { method, args } }, "*");
  const api = {
    openExternal(payload) {
      report("openExternal", payload);
      if (${failLinks}) throw new Error("This host opens no links.");
    },
    requestDisplayMode(args) {
      report("requestDisplayMode", args);
      globals = { ...globals, displayMode: args.mode };
      dispatchEvent(new CustomEvent("openai:set_globals", { detail: { globals } }));
      return Promise.resolve({ mode: args.mode });
    },
    notifyIntrinsicHeight(height) { report("notifyIntrinsicHeight", height); },
    setWidgetState(state) {
      report("setWidgetState", state);
      globals = { ...globals, widgetState: state };
    },
  };
  const openai = Object.create(api);
  for (const key of ["toolInput", "toolOutput", "theme", "locale", "displayMode", "maxHeight", "widgetState"]) {
    Object.defineProperty(openai, key, { get: () => globals[key], enumerable: true });
  }
  window.openai = openai;
  addEventListener("message", (event) => {
    if (event.source !== parent || !event.data?.openaiGlobals) return;
    globals = { ...globals, ...event.data.openaiGlobals };
    dispatchEvent(new CustomEvent("openai:set_globals", { detail: { globals: event.data.openaiGlobals } }));
  });
})();</script>`;
}

addEventListener("message", (event) => {
  if (!iframe || event.source !== iframe.contentWindow) return;
  if (event.data?.openaiCall) openaiCalls.push(event.data.openaiCall);
  else received.push(event.data);
});

function connected(): AppBridge {
  if (!bridge) throw new Error("no view is open");
  return bridge;
}

/** The host as the tests drive it. */
export const host = {
  /** Shows the view in a new sandboxed iframe; resolves once the view sent `initialized`. */
  async open(options: OpenOptions): Promise<void> {
    await host.close();
    const html = await (await fetch("/view.html")).text();
    const csp = `<meta http-equiv="Content-Security-Policy" content="${DEFAULT_CSP}">`;
    const frame = iframe = document.createElement("iframe");
    frame.setAttribute("sandbox", options.sandbox ?? "allow-scripts");
    const allow = buildAllowAttribute(options.permissions);
    if (allow) frame.setAttribute("allow", allow);
    // A fixed container height is where the frame starts; like most hosts, this one then sizes
    // the frame to what the view reports.
    const size = options.context.containerDimensions;
    const height = size && "height" in size ? size.height : 150;
    frame.style.cssText = `width:${
      options.width ?? 600
    }px;height:${height}px;border:0;display:block`;
    const runtime = options.runtime ?? "mcp-apps";
    const openai = runtime === "openai" ? openaiRuntime(options.openai ?? { globals: {} }) : "";
    frame.srcdoc = html.replace(/<head>/i, `<head>${csp}${openai}`);

    context = options.context;
    if (runtime !== "mcp-apps") {
      // Nobody answers the view's messages: the frame is sized by nothing but its own report.
      document.body.append(frame);
      return;
    }
    const app = bridge = new AppBridge(
      null,
      { name: "test-host", version: "1.0.0" },
      options.capabilities,
      { hostContext: options.context },
    );
    app.onopenlink = ({ url }) => {
      links.push(url);
      return Promise.resolve(options.refuseLinks ? { isError: true } : {});
    };
    // Grants any mode the host lists, then tells the view, as a host does.
    app.onrequestdisplaymode = ({ mode }) => {
      displayModes.push(mode);
      if (!context.availableDisplayModes?.includes(mode)) {
        return Promise.resolve({ mode: context.displayMode ?? "inline" });
      }
      host.contextChanged({ displayMode: mode });
      return Promise.resolve({ mode });
    };
    app.onupdatemodelcontext = (params) => {
      modelContexts.push(params);
      return Promise.resolve({});
    };
    app.ondownloadfile = (params) => {
      downloads.push(params);
      return Promise.resolve(refuseDownloads ? { isError: true } : {});
    };
    app.onsizechange = (size) => {
      sizes.push(size);
      if (size.height !== undefined && !options.ignoreSizes) {
        frame.style.height = `${size.height}px`;
      }
    };
    const initialized = new Promise<void>((resolve) => app.oninitialized = () => resolve());
    document.body.append(frame);
    const view = frame.contentWindow!;
    await app.connect(new PostMessageTransport(view, view));
    await initialized;
  },
  /** Removes the view and forgets what it sent. */
  async close(): Promise<void> {
    await bridge?.close();
    iframe?.remove();
    bridge = iframe = undefined;
    received.length =
      links.length =
      sizes.length =
      openaiCalls.length =
        0;
    displayModes.length = modelContexts.length = downloads.length = 0;
    refuseDownloads = false;
  },
  /** Sends `ui/notifications/tool-input`. */
  toolInput(args: Record<string, unknown>): Promise<void> {
    return connected().sendToolInput({ arguments: args });
  },
  /** Sends `ui/notifications/tool-input-partial`. */
  toolInputPartial(args: Record<string, unknown>): Promise<void> {
    return connected().sendToolInputPartial({ arguments: args });
  },
  /** Sends `ui/notifications/tool-result` and returns when it was sent (epoch milliseconds). */
  async toolResult(result: McpUiToolResultNotification["params"]): Promise<number> {
    const sent = performance.timeOrigin + performance.now();
    await connected().sendToolResult(result);
    return sent;
  },
  /** Sends `ui/notifications/tool-cancelled`. */
  toolCancelled(reason: string): Promise<void> {
    return connected().sendToolCancelled({ reason });
  },
  /** Sends `ui/notifications/host-context-changed` with only the changed fields. */
  contextChanged(update: McpUiHostContext): Promise<void> {
    context = { ...context, ...update };
    return Promise.resolve(connected().sendHostContextChange(update));
  },
  /** Sends `ping` and returns the view's answer. */
  ping(): Promise<unknown> {
    return connected().request({ method: "ping" });
  },
  /** Sends `ui/resource-teardown` and returns the view's answer. */
  teardown(): Promise<unknown> {
    return connected().teardownResource({});
  },
  /** Changes the globals of the view's `window.openai`, as a host that emulates ChatGPT does. */
  openaiGlobals(update: Record<string, unknown>): void {
    iframe?.contentWindow?.postMessage({ openaiGlobals: update }, "*");
  },
  /** The calls the view made to `window.openai`, in order. */
  openaiCalls: (): { method: string; args: unknown }[] => openaiCalls,
  /** Posts `message` to the view as is, bypassing the bridge. */
  post(message: unknown): void {
    iframe?.contentWindow?.postMessage(message, "*");
  },
  /** What the view reported to `AppBridge` in `ui/initialize`. */
  app(): unknown {
    return { info: connected().getAppVersion(), capabilities: connected().getAppCapabilities() };
  },
  /** Every message the view posted, in order. */
  received: (): unknown[] => received,
  /** The URLs the view asked the host to open. */
  links: (): string[] => links,
  /** The sizes the view reported. */
  sizes: (): Size[] => sizes,
  /** The display modes the view asked for. */
  displayModes: (): McpUiDisplayMode[] => displayModes,
  /** What the view sent in each `ui/update-model-context`. */
  modelContexts: (): McpUiUpdateModelContextRequest["params"][] => modelContexts,
  /** What the view sent in each `ui/download-file`. */
  downloads: (): McpUiDownloadFileRequest["params"][] => downloads,
  /** Makes the host answer every later `ui/download-file` as refused (`isError: true`). */
  refuseDownloads(): void {
    refuseDownloads = true;
  },
  /** Empties the page's `localStorage`, which views on the page's own origin share. */
  forgetStorage(): void {
    localStorage.clear();
  },
  /** The height of the view's frame in CSS pixels. */
  frameHeight: (): number => iframe?.getBoundingClientRect().height ?? 0,
};

/** The type of `globalThis.host` in the host page. */
export type TestHost = typeof host;

Object.assign(globalThis, { host });
