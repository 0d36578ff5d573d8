/**
 * The view's side of the ChatGPT Apps SDK runtime: the `window.openai` object that ChatGPT and
 * the hosts that emulate it (MCPJam's ChatGPT mode) put in the view's window, with the tool's
 * arguments and output as globals, an `openai:set_globals` event when they change, and methods
 * for links, display mode and (in ChatGPT) height. The view uses it where no MCP Apps bridge answers; no SDK
 * is bundled, and every global is checked before it is used, as it comes from the host.
 *
 * @module
 */
import type { McpUiDisplayMode, McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import { isObject } from "./json.ts";
import type { HostConnection, HostEvents } from "./view_host.ts";

/**
 * The events the runtime dispatches on the window when its globals change: ChatGPT's, and the
 * older name some emulations still use.
 */
const SET_GLOBALS = ["openai:set_globals", "webplus:set_globals"];

/** What the view reads and calls of `window.openai`; any of it may be missing. */
interface OpenAiRuntime {
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

/** The tool's arguments and output as JSON, or undefined where they are not JSON. */
function toolJson({ toolInput, toolOutput }: OpenAiRuntime): string | undefined {
  try {
    return JSON.stringify([toolInput, toolOutput]);
  } catch {
    return undefined;
  }
}

/** `window.openai`, when the host put one there. */
export function findOpenAiRuntime(): OpenAiRuntime | undefined {
  const runtime = (globalThis as { openai?: unknown }).openai;
  return typeof runtime === "object" && runtime !== null ? runtime as OpenAiRuntime : undefined;
}

/** The view's host through the ChatGPT Apps SDK runtime. */
export class OpenAiHost implements HostConnection {
  readonly #runtime: OpenAiRuntime;
  readonly #events: HostEvents;
  #height = -1;
  /** The tool's arguments and output as last read: the state is drawn anew only when they change. */
  #tool: string | undefined;

  /** Reads `runtime` and tells `events` what it says, once {@linkcode start} is called. */
  constructor(runtime: OpenAiRuntime, events: HostEvents) {
    this.#runtime = runtime;
    this.#events = events;
  }

  /** Reads the runtime's globals now, and again whenever it says they changed. */
  start(): void {
    this.#read();
    for (const type of SET_GLOBALS) globalThis.addEventListener(type, this.#read);
  }

  /** Stops reading the runtime: another host answered. */
  stop(): void {
    for (const type of SET_GLOBALS) globalThis.removeEventListener(type, this.#read);
  }

  /** The runtime's globals as an MCP Apps host context. */
  get context(): McpUiHostContext {
    const { theme, locale, displayMode, maxHeight } = this.#runtime;
    const context: McpUiHostContext = {};
    if (theme === "light" || theme === "dark") context.theme = theme;
    if (typeof locale === "string") context.locale = locale;
    if (displayMode === "inline" || displayMode === "fullscreen" || displayMode === "pip") {
      context.displayMode = displayMode;
    }
    if (typeof maxHeight === "number" && maxHeight > 0) {
      context.containerDimensions = { maxHeight };
    }
    if (typeof this.#runtime.requestDisplayMode === "function") {
      context.availableDisplayModes = ["inline", "fullscreen"];
    }
    return context;
  }

  get canOpenLinks(): boolean {
    return typeof this.#runtime.openExternal === "function";
  }

  async openLink(url: string): Promise<boolean> {
    try {
      await this.#runtime.openExternal!({ href: url });
      return true;
    } catch {
      return false;
    }
  }

  /** The runtime takes no files. */
  readonly canDownload = false;

  downloadFile(): Promise<boolean> {
    return Promise.resolve(false);
  }

  async requestDisplayMode(mode: McpUiDisplayMode): Promise<void> {
    try {
      await this.#runtime.requestDisplayMode?.({ mode });
    } catch {
      // The mode stays as it is; the runtime says so through its globals.
    }
    this.#read();
  }

  /** The runtime takes no model context from the view. */
  readonly modelContext = undefined;

  updateModelContext(): void {}

  sizeChanged(height: number): void {
    if (height === this.#height) return;
    this.#height = height;
    try {
      this.#runtime.notifyIntrinsicHeight?.(height);
    } catch {
      // A runtime that cannot take the height sizes the frame itself.
    }
  }

  /**
   * Tells the host context, then the arguments and the output (`structuredContent`) as far as
   * they are there, as the MCP Apps notifications would.
   */
  #read = (): void => {
    this.#events.hostContext(this.context);
    // A change of theme or display mode says nothing new about the tool.
    const tool = toolJson(this.#runtime);
    if (tool !== undefined && tool === this.#tool) return;
    this.#tool = tool;
    const { toolInput, toolOutput } = this.#runtime;
    if (isObject(toolInput) && Array.isArray(toolInput.results)) {
      this.#events.toolInput({ arguments: toolInput }, false);
    }
    if (isObject(toolOutput) && Array.isArray(toolOutput.results)) {
      this.#events.toolResult({ content: [], structuredContent: toolOutput });
    }
  };
}
