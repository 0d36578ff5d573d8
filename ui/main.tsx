/**
 * Entry point of the view: connects to the host and draws each state it is told about.
 *
 * @module
 */
import { render } from "preact";
import { HostBridge } from "./host_bridge.ts";
import { applyHostContext } from "./host_style.ts";
import { fromToolInput, fromToolResult, type ViewState } from "./state.ts";
import { numberFormat, View } from "./view.tsx";

const root = document.getElementById("root")!;
let state: ViewState = { phase: "waiting" };
let locale: unknown;
// Made up front, not when results arrive: the first number format loads locale data (~50 ms).
let numbers = numberFormat(locale);

function draw(next: ViewState): void {
  state = next;
  render(<View state={state} numbers={numbers} openLink={(url) => bridge.openLink(url)} />, root);
}

const resize = new ResizeObserver(() => {
  const height = document.documentElement.getBoundingClientRect().height;
  bridge.sizeChanged(Math.ceil(innerWidth), Math.ceil(height));
});

// Arguments only preview the list until the result settles it.
function preview(params: Parameters<typeof fromToolInput>[0]): void {
  if (state.phase === "waiting" || state.phase === "preparing") draw(fromToolInput(params));
}

const bridge = new HostBridge({
  toolInput: preview,
  toolInputPartial: preview,
  toolResult: (result) => draw(fromToolResult(result)),
  toolCancelled: () => draw({ phase: "cancelled" }),
  hostContext: (context) => {
    applyHostContext(context);
    if (context.locale !== locale) numbers = numberFormat(locale = context.locale);
    draw(state);
  },
  teardown: () => resize.disconnect(),
});

draw(state);
bridge.connect({ name: "render-results-view", version: "1.0.0" }, {
  availableDisplayModes: ["inline", "fullscreen"],
}).then(() => resize.observe(document.documentElement), () => {});
