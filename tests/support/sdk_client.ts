/**
 * The MCP SDK's client side, and a client for either protocol era.
 * @module
 */

import { Client } from "@modelcontextprotocol/client";

export {
  Client,
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
  InMemoryTransport,
  ProtocolError,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
export { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/**
 * A protocol era as clients speak it: `modern` is 2026-07-28 (per-request `_meta`, no
 * handshake), `legacy` is the `initialize` handshake of 2025-11-25 and earlier.
 */
export type Era = "modern" | "legacy";

/** Both eras, for tests that run once per era. */
export const ERAS: readonly Era[] = ["modern", "legacy"];

/** A client that speaks `era` only: pinned to 2026-07-28, or the 2025 handshake. */
export function createClient(era: Era, name = "render-results-tests"): Client {
  return new Client(
    { name, version: "1.0.0" },
    { versionNegotiation: { mode: era === "modern" ? { pin: "2026-07-28" } : "legacy" } },
  );
}

/** The text of a tool result's content, which must be exactly one text block. */
export function onlyText(result: { content?: unknown }): string {
  const blocks = result.content as { type?: unknown; text?: unknown }[] | undefined;
  if (blocks?.length !== 1 || blocks[0].type !== "text" || typeof blocks[0].text !== "string") {
    throw new Error(`Expected one text block, got ${JSON.stringify(blocks)}`);
  }
  return blocks[0].text;
}
