/**
 * The built card-list view as an MCP Apps resource, read and hashed once at start-up.
 * @module
 */

import type { ReadResourceResult, Resource } from "@modelcontextprotocol/server";

/** The MIME type of MCP Apps HTML resources. */
const VIEW_MIME_TYPE = "text/html;profile=mcp-app";

/** Where `deno task build` writes the view. */
export const VIEW_FILE = new URL("../ui/dist/render_results.html", import.meta.url);

/** The view: its content-addressed URI, its listing and its contents. */
export interface ViewResource {
  uri: string;
  resource: Resource;
  contents: ReadResourceResult;
}

const RESOURCE_UI_META = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: true,
  },
};

/** Reads the built view and names it by the SHA-256 of its bytes, so a changed view gets a new URI. */
export async function loadViewResource(file: URL = VIEW_FILE): Promise<ViewResource> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await Deno.readFile(file);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(`The view is not built: run "deno task build" to create ${file.pathname}`);
    }
    throw error;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hash = Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0"))
    .join("");
  const uri = `ui://render-results/view-${hash}.html`;
  const html = new TextDecoder().decode(bytes);
  return {
    uri,
    resource: {
      uri,
      name: "render_results_view",
      title: "Source results card list",
      description: "The interactive card list that render_results results are shown in.",
      mimeType: VIEW_MIME_TYPE,
      _meta: RESOURCE_UI_META,
    },
    contents: {
      contents: [{ uri, mimeType: VIEW_MIME_TYPE, text: html, _meta: RESOURCE_UI_META }],
    },
  };
}
