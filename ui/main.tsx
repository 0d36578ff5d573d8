/**
 * Entry point of the view: connects to the host and draws each state it is told about.
 *
 * @module
 */
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import { h, render } from "preact";
import { makeFormats } from "./formats.ts";
import { HostBridge } from "./host_bridge.ts";
import { applyHostContext, reportedHeight } from "./host_style.ts";
import { moveBetweenCards } from "./keyboard.ts";
import { fromToolCancelled, fromToolInput, fromToolResult, type ViewState } from "./state.ts";
import { View } from "./view.tsx";

const root = document.getElementById("root")!;
let state: ViewState = { phase: "waiting" };
let context: McpUiHostContext = {};
// Made up front, not when results arrive: the first format loads locale data (~50 ms).
let formats = makeFormats();

function draw(next: ViewState): void {
  state = next;
  render(
    <View
      state={state}
      formats={formats}
      context={context}
      host={bridge}
    />,
    root,
  );
}

let connected = false;

function reportSize(): void {
  if (!connected) return;
  const height = document.documentElement.getBoundingClientRect().height;
  bridge.sizeChanged(Math.ceil(innerWidth), reportedHeight(context, height));
}

const resize = new ResizeObserver(reportSize);

// Arguments only preview the list until the result settles it.
function preview(params: Parameters<typeof fromToolInput>[0]): void {
  if (state.phase === "waiting" || state.phase === "preparing") draw(fromToolInput(params));
}

const bridge = new HostBridge({
  "ui/notifications/tool-input": preview,
  "ui/notifications/tool-input-partial": preview,
  "ui/notifications/tool-result": (result) => draw(fromToolResult(result)),
  "ui/notifications/tool-cancelled": (params) => draw(fromToolCancelled(params)),
  hostContext: (next) => {
    if (next.locale !== context.locale || next.timeZone !== context.timeZone) {
      formats = makeFormats(next.locale, next.timeZone);
    }
    context = next;
    applyHostContext(context);
    draw(state);
    reportSize();
  },
  teardown: () => resize.disconnect(),
});

addEventListener("keydown", moveBetweenCards);
draw(state);
bridge.connect({ name: "render-results-view", version: "1.0.0" }, {
  availableDisplayModes: ["inline", "fullscreen"],
}).then(() => {
  connected = true;
  resize.observe(document.documentElement);
}, () => {});
