/**
 * Entry point of the view: connects to the host and draws each state it is told about. The host
 * is the MCP Apps bridge once it answers `ui/initialize`; until then, and where it never does,
 * the ChatGPT Apps SDK runtime if the host put one in the window. Where neither is there, the
 * view says so after a few seconds instead of waiting in silence.
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
import { fromToolCancelled, fromToolInput, fromToolResult, type ViewState } from "./state.ts";
import type { HostConnection } from "./view_host.ts";
import { View } from "./view.tsx";

/** How long the view waits for any host before it says that none answered. */
const HOST_WAIT_MS = 4000;

const root = document.getElementById("root")!;
let state: ViewState = { phase: "waiting" };
let context: McpUiHostContext = {};
// Made up front, not when results arrive: the first format loads locale data, which takes a while.
let formats = makeFormats();
let words = speak(undefined);
// Whether the host answered through either runtime: until then, sizes go nowhere.
let answered = false;

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

function draw(next: ViewState): void {
  state = next;
  render(
    <View state={state} formats={formats} words={words} context={context} host={host} />,
    root,
  );
}

function reportSize(): void {
  if (!answered) return;
  const height = document.documentElement.getBoundingClientRect().height;
  host.sizeChanged(reportedHeight(context, height));
}

const resize = new ResizeObserver(reportSize);

function setContext(next: McpUiHostContext): void {
  if (next.locale !== context.locale || next.timeZone !== context.timeZone) {
    formats = makeFormats(next.locale, next.timeZone);
  }
  if (next.locale !== context.locale) words = speak(next.locale);
  context = next;
  applyHostContext(context);
  draw(state);
  reportSize();
}

// Arguments only preview the list until the result settles it.
function preview(next: ViewState): void {
  if (state.phase === "waiting" || state.phase === "alone" || state.phase === "preparing") {
    draw(next);
  }
}

function hostAnswered(): void {
  if (answered) return;
  answered = true;
  resize.observe(document.documentElement);
}

const bridge = new HostBridge({
  "ui/notifications/tool-input": (params) => preview(fromToolInput(params)),
  "ui/notifications/tool-input-partial": (params) => preview(fromToolInput(params)),
  "ui/notifications/tool-result": (result) => draw(fromToolResult(result)),
  "ui/notifications/tool-cancelled": (params) => draw(fromToolCancelled(params)),
  hostContext: setContext,
  teardown: () => resize.disconnect(),
});

const runtime = findOpenAiRuntime();
const openai = runtime &&
  new OpenAiHost(runtime, {
    state: (next) => next.phase === "preparing" ? preview(next) : draw(next),
    hostContext: setContext,
  });
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
  if (state.phase === "alone") draw({ phase: "waiting" });
  else draw(state);
  hostAnswered();
  reportSize();
}, () => {
  // No window frames the view: nobody will answer, so there is nothing to wait for.
  if (openai) return;
  clearTimeout(waited);
  draw({ phase: "alone" });
});
