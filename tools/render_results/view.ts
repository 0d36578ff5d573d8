/**
 * The card-list view as an MCP Apps resource: the built HTML document, named by its content
 * hash, so a changed view gets a new URI and no host shows a stale one.
 * @module
 */

import type { ReadResourceResult, Resource } from "./mcp_types.ts";
import { HTML, SHA256 } from "./view_html.ts";
import { checkViewDomains, type ViewDomains } from "./view_domains.ts";

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

/** What ChatGPT tells the model about the view, read when it decides what to write after it. */
const WIDGET_DESCRIPTION = "Shows the sources as a numbered card list that the user can " +
  "filter, sort, copy and export. The list is already on screen: refer to sources by their " +
  "numbers instead of listing them again.";

/**
 * The view's metadata in both forms hosts read: MCP Apps' `ui` and ChatGPT's `openai/widget*`
 * keys. The content security policy lists nothing, in both forms, as the view loads nothing.
 */
function resourceMeta({ viewDomain, openaiWidgetDomain }: ViewDomains): Record<string, unknown> {
  return {
    ui: {
      csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
      prefersBorder: true,
      // The view copies links and the list; hosts that grant this let it write the clipboard.
      permissions: { clipboardWrite: {} },
      ...viewDomain !== undefined && { domain: viewDomain },
    },
    "openai/widgetCSP": { connect_domains: [], resource_domains: [], frame_domains: [] },
    "openai/widgetPrefersBorder": true,
    "openai/widgetDescription": WIDGET_DESCRIPTION,
    ...openaiWidgetDomain !== undefined && { "openai/widgetDomain": openaiWidgetDomain },
  };
}

/**
 * The view as `resources/list` lists it, with the domains given: its URI, name, MIME type and
 * the metadata of both MCP Apps and ChatGPT (an empty content security policy, as the view loads
 * nothing from anywhere; the one permission it asks for is writing the clipboard).
 *
 * @example
 * ```ts
 * import { viewResource } from "render-results-mcp";
 *
 * const resource = viewResource({ openaiWidgetDomain: "https://search.example.com" });
 * console.log(resource._meta?.["openai/widgetDomain"]); // "https://search.example.com"
 * ```
 */
export function viewResource(domains: ViewDomains = {}): Resource {
  return {
    uri: VIEW_URI,
    name: "render_results_view",
    title: "Source results card list",
    description: "The interactive card list that render_results results are shown in.",
    mimeType: VIEW_MIME_TYPE,
    _meta: resourceMeta(checkViewDomains(domains)),
  };
}

/**
 * The view as `resources/read` returns it for {@linkcode VIEW_URI}, with the domains given.
 *
 * @example
 * ```ts
 * import { VIEW_HTML, viewContents } from "render-results-mcp";
 *
 * const [contents] = viewContents().contents;
 * console.log(contents.text === VIEW_HTML); // true
 * ```
 */
export function viewContents(domains: ViewDomains = {}): ReadResourceResult {
  const _meta = resourceMeta(checkViewDomains(domains));
  return { contents: [{ uri: VIEW_URI, mimeType: VIEW_MIME_TYPE, text: VIEW_HTML, _meta }] };
}

/**
 * The view as `resources/list` lists it when no host needs a domain: {@linkcode viewResource}
 * with none.
 *
 * @example
 * ```ts
 * import { VIEW_RESOURCE } from "render-results-mcp";
 *
 * console.log(VIEW_RESOURCE.mimeType); // "text/html;profile=mcp-app"
 * ```
 */
export const VIEW_RESOURCE: Resource = viewResource();

/**
 * The view as `resources/read` returns it when no host needs a domain: {@linkcode viewContents}
 * with none.
 *
 * @example
 * ```ts
 * import { VIEW_CONTENTS, VIEW_HTML } from "render-results-mcp";
 *
 * const [contents] = VIEW_CONTENTS.contents;
 * console.log("text" in contents && contents.text === VIEW_HTML); // true
 * ```
 */
export const VIEW_CONTENTS: ReadResourceResult = viewContents();
