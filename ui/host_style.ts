/**
 * Makes the document follow the host: theme, style variables, fonts and container dimensions.
 *
 * @module
 */
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps";

let hostVariables: string[] = [];

/** Applies the host's theme, CSS variables, fonts and container dimensions to the document. */
export function applyHostContext(context: McpUiHostContext): void {
  const root = document.documentElement;
  const { theme, styles, containerDimensions } = context;
  const size = typeof containerDimensions === "object" && containerDimensions || {};

  if (theme === "light" || theme === "dark") {
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
  }

  for (const name of hostVariables) root.style.removeProperty(name);
  hostVariables = Object.entries(styles?.variables ?? {})
    .filter(([name, value]) => name.startsWith("--") && typeof value === "string")
    .map(([name, value]) => (root.style.setProperty(name, value as string), name));

  const fonts = styles?.css?.fonts;
  if (typeof fonts === "string") {
    const sheet = document.getElementById("host-fonts") ??
      document.head.appendChild(
        Object.assign(document.createElement("style"), { id: "host-fonts" }),
      );
    if (sheet.textContent !== fonts) sheet.textContent = fonts;
  }

  const max = (value: unknown) => typeof value === "number" && value > 0 ? `${value}px` : "";
  root.style.height = "height" in size ? "100vh" : "";
  root.style.maxHeight = "maxHeight" in size ? max(size.maxHeight) : "";
  root.style.width = "width" in size ? "100vw" : "";
  root.style.maxWidth = "maxWidth" in size ? max(size.maxWidth) : "";
}
