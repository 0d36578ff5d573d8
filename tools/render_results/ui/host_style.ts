/**
 * Makes the document follow the host: theme, style variables, fonts, display mode and container
 * dimensions.
 *
 * @module
 */
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps";

let hostVariables: string[] = [];
// The style sheet that holds the host's fonts, made when the host first sends some.
let fontSheet: HTMLStyleElement | undefined;

function dimensions(context: McpUiHostContext): Record<string, unknown> {
  const size = context.containerDimensions;
  return typeof size === "object" && size !== null ? size : {};
}

function pixels(value: unknown): number | undefined {
  return typeof value === "number" && value > 0 ? value : undefined;
}

/** Applies the host's theme, CSS variables, fonts, display mode and maximum width. */
export function applyHostContext(context: McpUiHostContext): void {
  const root = document.documentElement;
  const { theme, styles, displayMode } = context;

  if (theme === "light" || theme === "dark") root.dataset.theme = theme;
  root.dataset.mode = typeof displayMode === "string" ? displayMode : "inline";

  for (const name of hostVariables) root.style.removeProperty(name);
  hostVariables = Object.entries(styles?.variables ?? {})
    .filter(([name, value]) => name.startsWith("--") && typeof value === "string")
    .map(([name, value]) => (root.style.setProperty(name, value as string), name));

  const fonts = styles?.css?.fonts;
  if (typeof fonts === "string") {
    fontSheet ??= document.head.appendChild(document.createElement("style"));
    if (fontSheet.textContent !== fonts) fontSheet.textContent = fonts;
  }

  const maxWidth = pixels(dimensions(context).maxWidth);
  root.style.maxWidth = maxWidth ? `${maxWidth}px` : "";
}

/**
 * The height to report for content `height` pixels tall. The content's own height, measured
 * without regard to the frame's current height, so the frame can always shrink to it; but never
 * more than the container's fixed or maximum height, where the view scrolls instead.
 */
export function reportedHeight(context: McpUiHostContext, height: number): number {
  const size = dimensions(context);
  const limit = pixels("height" in size ? size.height : size.maxHeight);
  return Math.min(Math.ceil(height), limit ?? Infinity);
}
