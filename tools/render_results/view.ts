/**
 * The card-list view as an MCP Apps resource: the built HTML document, named by its content
 * hash, so a changed view gets a new URI and no host shows a stale one.
 * @module
 */

import type { ReadResourceResult, Resource } from "@modelcontextprotocol/server";
import { VIEW_HTML, VIEW_SHA256 } from "../../ui/dist/view.ts";

/** The MIME type of MCP Apps HTML resources. */
export const VIEW_MIME_TYPE = "text/html;profile=mcp-app";

/** The view's URI: `ui://render-results/view-` and the first 16 hex digits of its SHA-256. */
export const VIEW_URI = `ui://render-results/view-${VIEW_SHA256.slice(0, 16)}.html`;

const RESOURCE_UI_META = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: true,
  },
};

/** The view as `resources/list` lists it. */
export const VIEW_RESOURCE: Resource = {
  uri: VIEW_URI,
  name: "render_results_view",
  title: "Source results card list",
  description: "The interactive card list that render_results results are shown in.",
  mimeType: VIEW_MIME_TYPE,
  _meta: RESOURCE_UI_META,
};

/** The view as `resources/read` returns it. */
export const VIEW_CONTENTS: ReadResourceResult = {
  contents: [{ uri: VIEW_URI, mimeType: VIEW_MIME_TYPE, text: VIEW_HTML, _meta: RESOURCE_UI_META }],
};

export { VIEW_HTML };
