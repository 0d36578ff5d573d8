/**
 * The view's side of the ChatGPT Apps SDK runtime: the `window.openai` object that ChatGPT and
 * the hosts that emulate it (MCPJam's ChatGPT mode) put in the view's window, with the tool's
 * arguments and output as globals, an `openai:set_globals` event when they change, and methods
 * for links, display mode and (in ChatGPT) height. The view uses it where no MCP Apps bridge
 * answers; no SDK is bundled, and every global is checked before it is used, as it comes from the
 * host.
 *
 * @module
 */
import type { McpUiDisplayMode, McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import { isObject } from "./json.ts";
import type { WidgetStateRuntime } from "./reader_state.ts";
import type { HostConnection, HostEvents } from "./view_host.ts";

/**
 * The events the runtime dispatches on the window when its globals change: ChatGPT's, and the
 * older name some emulations still use.
 */
const SET_GLOBALS = ["openai:set_globals", "webplus:set_globals"];

/** What the view reads and calls of `window.openai`; any of it may be missing. */
interface OpenAiRuntime extends WidgetStateRuntime {
  toolInput?: unknown;
  toolOutput?: unknown;
  theme?: unknown;
  locale?: unknown;
  displayMode?: unknown;
  maxHeight?: unknown;
  openExternal?: (payload: { href: string }) => unknown;
  requestDisplayMode?: (args: { mode: McpUiDisplayMode }) => unknown;
  notifyIntrinsicHeight?: (height: number) => unknown;
}

/** `window.openai`, when the host put one there. */
export function findOpenAiRuntime(): OpenAiRuntime | undefined {
  const runtime = (globalThis as { openai?: unknown }).openai;
  return typeof runtime === "object" && runtime !== null ? runtime as OpenAiRuntime : undefined;
}

/** The view's host through the ChatGPT Apps SDK runtime. */
export interface OpenAiHost extends HostConnection {
  /** Reads the runtime's globals now, and again whenever it says they changed. */
  start(): void;
  /** Stops reading the runtime: another host answered. */
  stop(): void;
}

/** The runtime's globals as an MCP Apps host context. */
function hostContext(runtime: OpenAiRuntime): McpUiHostContext {
  const { theme, locale, displayMode, maxHeight } = runtime;
  const context: McpUiHostContext = {};
  if (theme === "light" || theme === "dark") context.theme = theme;
  if (typeof locale === "string") context.locale = locale;
  if (displayMode === "inline" || displayMode === "fullscreen" || displayMode === "pip") {
    context.displayMode = displayMode;
  }
  if (typeof maxHeight === "number" && maxHeight > 0) {
    context.containerDimensions = { maxHeight };
  }
  if (typeof runtime.requestDisplayMode === "function") {
    context.availableDisplayModes = ["inline", "fullscreen"];
  }
  return context;
}

/** The host that `runtime` offers, telling `events` what it says once started. */
export function openAiHost(runtime: OpenAiRuntime, events: HostEvents): OpenAiHost {
  let height = -1;

  // Tells the host context, then the arguments and the output (`structuredContent`) as far as
  // they are there, each time the globals change, as a host that sends the same notifications
  // again would: the view shows a list it already shows as it is.
  const read = (): void => {
    events.hostContext(hostContext(runtime));
    const { toolInput, toolOutput } = runtime;
    if (isObject(toolInput) && Array.isArray(toolInput.results)) {
      events.toolInput({ arguments: toolInput }, false);
    }
    if (isObject(toolOutput) && Array.isArray(toolOutput.results)) {
      events.toolResult({ content: [], structuredContent: toolOutput });
    }
  };

  return {
    start() {
      read();
      for (const type of SET_GLOBALS) globalThis.addEventListener(type, read);
    },
    stop() {
      for (const type of SET_GLOBALS) globalThis.removeEventListener(type, read);
    },
    canOpenLinks: typeof runtime.openExternal === "function",
    async openLink(url) {
      try {
        await runtime.openExternal!({ href: url });
        return true;
      } catch {
        return false;
      }
    },
    // The runtime takes no files and no model context from the view.
    canDownload: false,
    downloadFile: () => Promise.resolve(false),
    modelContext: undefined,
    updateModelContext() {},
    async requestDisplayMode(mode) {
      try {
        await runtime.requestDisplayMode?.({ mode });
      } catch {
        // The mode stays as it is; the runtime says so through its globals.
      }
      read();
    },
    sizeChanged(next) {
      if (next === height) return;
      height = next;
      try {
        runtime.notifyIntrinsicHeight?.(next);
      } catch {
        // A runtime that cannot take the height sizes the frame itself.
      }
    },
  };
}
