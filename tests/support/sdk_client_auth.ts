/**
 * The MCP SDK's client-side OAuth discovery, imported with its type declarations (see
 * server/sdk.ts).
 * @module
 */

// @ts-types="@modelcontextprotocol/sdk/client/auth"
export {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
} from "@modelcontextprotocol/sdk/client/auth.js";
