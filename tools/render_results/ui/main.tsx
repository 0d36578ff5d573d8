/**
 * Entry point of the view: connects to the host and draws each state it is told about. The host
 * is the MCP Apps bridge once it answers `ui/initialize`; until then, and where it never does,
 * the ChatGPT Apps SDK runtime if the host put one in the window. Both tell the view the same
 * events ({@linkcode HostEvents}). Where neither is there, the view says so after a few seconds
 * instead of waiting in silence.
 *
 * @module
 */
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps";
// `h` and `Fragment` are what the compiled JSX calls (`compilerOptions` in `deno.json`).
// deno-lint-ignore verbatim-module-syntax
import { h, render } from "preact";
import { makeFormats } from "./formats.ts";
import { HostBridge } from "./host_bridge.ts";
import { applyHostContext, reportedHeight } from "./host_style.ts";
import { localize, type Localized } from "./i18n.ts";
import { moveBetweenCards } from "./keyboard.ts";
import { findOpenAiRuntime, OpenAiHost } from "./openai_host.ts";
import { FRESH, type ReaderState } from "./reader_state.ts";
import { fromToolCancelled, fromToolInput, fromToolResult, type ViewState } from "./state.ts";
import type { HostConnection, HostEvents } from "./view_host.ts";
import { View } from "./view.tsx";

/** How long the view waits for any host before it says that none answered. */
const HOST_WAIT_MS = 4000;

/**
 * The view's words for the host's `locale`, or the browser's where the host gives none, as its
 * dates are; the document takes their language and direction (right to left for Arabic, Hebrew,
 * Persian and Urdu, the layout mirrored).
 */
function speak(locale: unknown): Localized {
  const spoken = localize(locale ?? navigator.language);
  document.documentElement.lang = spoken.lang;
  document.documentElement.dir = spoken.dir;
  return spoken;
}

/** The view in one document: what the host said so far, drawn into `root`. */
class ViewApp implements HostEvents {
  #root: HTMLElement;
  #state: ViewState = { phase: "waiting" };
  #reader: ReaderState = FRESH;
  #context: McpUiHostContext = {};
  // Made up front, not when results arrive: the first format loads locale data, which takes a while.
  #formats = makeFormats();
  #words = speak(undefined);
  // Whether the host answered through either runtime: until then, sizes go nowhere.
  #answered = false;
  #resize = new ResizeObserver(() => this.#reportSize());
  #bridge = new HostBridge(this);
  #openai: OpenAiHost | undefined;
  #host: HostConnection;

  constructor(root: HTMLElement) {
    this.#root = root;
    const runtime = findOpenAiRuntime();
    this.#openai = runtime && new OpenAiHost(runtime, this);
    this.#host = this.#openai ?? this.#bridge;
  }

  /** Draws the waiting state and listens to whichever runtime answers. */
  start(): void {
    addEventListener("keydown", moveBetweenCards);
    this.#draw(this.#state);
    const openai = this.#openai;
    if (openai) {
      openai.start();
      this.#hostAnswered();
    }
    const waited = setTimeout(() => {
      if (!this.#answered && this.#state.phase === "waiting") this.#draw({ phase: "alone" });
    }, HOST_WAIT_MS);
    this.#bridge.connect({ name: "render-results-view", version: "1.0.0" }, {
      availableDisplayModes: ["inline", "fullscreen"],
    }).then(() => {
      clearTimeout(waited);
      // The bridge speaks for the host from now on, whatever else the window holds.
      openai?.stop();
      this.#host = this.#bridge;
      this.#draw(this.#state.phase === "alone" ? { phase: "waiting" } : this.#state);
      this.#hostAnswered();
      this.#reportSize();
    }, () => {
      // No window frames the view: nobody will answer, so there is nothing to wait for.
      if (openai) return;
      clearTimeout(waited);
      this.#draw({ phase: "alone" });
    });
  }

  toolInput(params: Parameters<HostEvents["toolInput"]>[0]): void {
    // Arguments only preview the list until the result settles it.
    const phase = this.#state.phase;
    if (phase === "waiting" || phase === "alone" || phase === "preparing") {
      this.#draw(fromToolInput(params));
    }
  }

  toolResult(result: Parameters<HostEvents["toolResult"]>[0]): void {
    this.#reader = FRESH;
    this.#draw(fromToolResult(result));
  }

  toolCancelled(params: Parameters<HostEvents["toolCancelled"]>[0]): void {
    this.#draw(fromToolCancelled(params));
  }

  hostContext(next: McpUiHostContext): void {
    const context = this.#context;
    if (next.locale !== context.locale || next.timeZone !== context.timeZone) {
      this.#formats = makeFormats(next.locale, next.timeZone);
    }
    if (next.locale !== context.locale) this.#words = speak(next.locale);
    this.#context = next;
    applyHostContext(next);
    this.#draw(this.#state);
    this.#reportSize();
  }

  teardown(): void {
    this.#resize.disconnect();
  }

  #setReader = (change: Partial<ReaderState>): void => {
    this.#reader = { ...this.#reader, ...change };
    this.#draw(this.#state);
  };

  #draw(state: ViewState): void {
    this.#state = state;
    render(
      <View
        state={state}
        formats={this.#formats}
        words={this.#words}
        context={this.#context}
        host={this.#host}
        reader={this.#reader}
        onReader={this.#setReader}
      />,
      this.#root,
    );
  }

  #reportSize(): void {
    if (!this.#answered) return;
    const height = document.documentElement.getBoundingClientRect().height;
    this.#host.sizeChanged(reportedHeight(this.#context, height));
  }

  #hostAnswered(): void {
    if (this.#answered) return;
    this.#answered = true;
    this.#resize.observe(document.documentElement);
  }
}

new ViewApp(document.getElementById("root")!).start();
