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
import { findOpenAiRuntime, openAiHost } from "./openai_host.ts";
import { FRESH, listKey, type ReaderState, readerStore } from "./reader_state.ts";
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

/** Shows the view in `root`: connects to the host and draws what it says. */
function mount(root: HTMLElement): void {
  let state: ViewState = { phase: "waiting" };
  let reader: ReaderState = FRESH;
  // The complete arguments last sent: the list, where a result comes without its structured form.
  let args: unknown;
  const runtime = findOpenAiRuntime();
  const store = readerStore(runtime);
  let context: McpUiHostContext = {};
  // Made up front, not when results arrive: the first format loads locale data, which takes a while.
  let formats = makeFormats();
  let words = speak(undefined);
  // Whether the host answered through either runtime: until then, sizes go nowhere.
  let answered = false;

  const draw = (next: ViewState): void => {
    state = next;
    render(
      <View
        state={state}
        formats={formats}
        words={words}
        context={context}
        host={host}
        reader={reader}
        onReader={(change) => {
          reader = { ...reader, ...change };
          if (state.phase === "ready") store.save(listKey(state), reader);
          draw(state);
        }}
      />,
      root,
    );
  };

  const reportSize = (): void => {
    if (!answered) return;
    const height = document.documentElement.getBoundingClientRect().height;
    host.sizeChanged(reportedHeight(context, height));
  };

  const resize = new ResizeObserver(reportSize);

  const hostAnswered = (): void => {
    if (answered) return;
    answered = true;
    resize.observe(document.documentElement);
  };

  const events: HostEvents = {
    toolInput(params, partial) {
      if (!partial) args = params.arguments;
      // Arguments only preview the list until the result settles it.
      const phase = state.phase;
      if (phase === "waiting" || phase === "alone" || phase === "preparing") {
        draw(fromToolInput(params));
      }
    },
    toolResult(result) {
      const next = fromToolResult(result, args);
      // The same list again, as a host sends it more than once, stays as the reader left it.
      if (next.phase === "ready" && state.phase === "ready" && listKey(next) === listKey(state)) {
        return;
      }
      reader = next.phase === "ready" ? store.load(listKey(next)) : FRESH;
      draw(next);
    },
    toolCancelled: (params) => draw(fromToolCancelled(params)),
    hostContext(next) {
      if (next.locale !== context.locale || next.timeZone !== context.timeZone) {
        formats = makeFormats(next.locale, next.timeZone);
      }
      if (next.locale !== context.locale) words = speak(next.locale);
      context = next;
      applyHostContext(context);
      draw(state);
      reportSize();
    },
    teardown: () => resize.disconnect(),
  };

  const bridge = new HostBridge(events);
  const openai = runtime && openAiHost(runtime, events);
  let host: HostConnection = openai ?? bridge;

  addEventListener("keydown", moveBetweenCards);
  draw(state);
  if (openai) {
    openai.start();
    hostAnswered();
  }
  const waited = setTimeout(() => {
    if (!answered && state.phase === "waiting") draw({ phase: "alone" });
  }, HOST_WAIT_MS);
  bridge.connect({ name: "render-results-view", version: "1.0.0" }, {
    availableDisplayModes: ["inline", "fullscreen"],
  }).then(() => {
    clearTimeout(waited);
    // The bridge speaks for the host from now on, whatever else the window holds.
    openai?.stop();
    host = bridge;
    draw(state.phase === "alone" ? { phase: "waiting" } : state);
    hostAnswered();
    reportSize();
  }, () => {
    // No window frames the view: nobody will answer, so there is nothing to wait for.
    if (openai) return;
    clearTimeout(waited);
    draw({ phase: "alone" });
  });
}

mount(document.getElementById("root")!);
