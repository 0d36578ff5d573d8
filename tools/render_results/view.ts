/**
 * The card-list view as an MCP Apps resource: the built HTML document, named by its content
 * hash, so a changed view gets a new URI and no host shows a stale one.
 * @module
 */

import type { ReadResourceResult, Resource } from "./mcp_types.ts";
import { HTML, SHA256 } from "../../ui/dist/view.ts";

/**
 * The card-list view: one self-contained HTML document (script and styles inlined) that an
 * MCP Apps host mounts in a sandboxed iframe to show a `render_results` result.
 *
 * @example Serve the view from a server that registers its resources itself
 * ```ts
 * import { McpServer } from "@modelcontextprotocol/server";
 * import { VIEW_HTML, VIEW_MIME_TYPE, VIEW_URI } from "render-results-mcp";
 *
 * const server = new McpServer({ name: "search", version: "1.0.0" });
 * server.registerResource("view", VIEW_URI, { mimeType: VIEW_MIME_TYPE }, () => ({
 *   contents: [{ uri: VIEW_URI, mimeType: VIEW_MIME_TYPE, text: VIEW_HTML }],
 * }));
 * ```
 */
export const VIEW_HTML: string = HTML;

/**
 * The MIME type of MCP Apps HTML resources, which the view is served as.
 *
 * @example
 * ```ts
 * import { VIEW_MIME_TYPE } from "render-results-mcp";
 *
 * console.log(VIEW_MIME_TYPE); // "text/html;profile=mcp-app"
 * ```
 */
export const VIEW_MIME_TYPE = "text/html;profile=mcp-app";

/**
 * The view's URI, which the tool's descriptor declares: `ui://render-results/view-`, the first
 * 16 hexadecimal digits of the SHA-256 of {@linkcode VIEW_HTML}, and `.html`.
 *
 * @example
 * ```ts
 * import { RENDER_RESULTS_TOOL, VIEW_URI } from "render-results-mcp";
 *
 * const declared = (RENDER_RESULTS_TOOL._meta?.ui as { resourceUri: string }).resourceUri;
 * console.log(declared === VIEW_URI); // true
 * ```
 */
export const VIEW_URI: string = `ui://render-results/view-${SHA256.slice(0, 16)}.html`;

const RESOURCE_UI_META = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: true,
    // The view copies links and the list; hosts that grant this let it write the clipboard.
    permissions: { clipboardWrite: {} },
  },
};

/**
 * The view as `resources/list` lists it: its URI, name, MIME type and the MCP Apps metadata
 * (an empty content security policy: the view loads nothing from anywhere; the one permission
 * it asks for is writing the clipboard).
 *
 * @example
 * ```ts
 * import { VIEW_RESOURCE } from "render-results-mcp";
 *
 * console.log(VIEW_RESOURCE.mimeType); // "text/html;profile=mcp-app"
 * ```
 */
export const VIEW_RESOURCE: Resource = {
  uri: VIEW_URI,
  name: "render_results_view",
  title: "Source results card list",
  description: "The interactive card list that render_results results are shown in.",
  mimeType: VIEW_MIME_TYPE,
  _meta: RESOURCE_UI_META,
};

/**
 * The view as `resources/read` returns it for {@linkcode VIEW_URI}.
 *
 * @example
 * ```ts
 * import { VIEW_CONTENTS, VIEW_HTML } from "render-results-mcp";
 *
 * const [contents] = VIEW_CONTENTS.contents;
 * console.log("text" in contents && contents.text === VIEW_HTML); // true
 * ```
 */
export const VIEW_CONTENTS: ReadResourceResult = {
  contents: [{ uri: VIEW_URI, mimeType: VIEW_MIME_TYPE, text: VIEW_HTML, _meta: RESOURCE_UI_META }],
};
