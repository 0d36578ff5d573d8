/**
 * Finds the authorization server's JWKS URL in its metadata (RFC 8414, OpenID Connect
 * Discovery), trying the well-known URLs in the order the MCP authorization spec gives.
 * @module
 */

import { AuthorizationServerError, fetchDocument } from "./fetch_document.ts";

/** The metadata URLs of `issuer`, in the order they are tried. */
export function metadataUrls(issuer: string): URL[] {
  const { origin, pathname } = new URL(issuer);
  const path = pathname.replace(/\/+$/, "");
  if (path === "") {
    return [
      new URL(`${origin}/.well-known/oauth-authorization-server`),
      new URL(`${origin}/.well-known/openid-configuration`),
    ];
  }
  return [
    new URL(`${origin}/.well-known/oauth-authorization-server${path}`),
    new URL(`${origin}/.well-known/openid-configuration${path}`),
    new URL(`${origin}${path}/.well-known/openid-configuration`),
  ];
}

/**
 * Reads `jwks_uri` from the first metadata document `issuer` serves. The document must name
 * `issuer` exactly (RFC 8414, section 3.3).
 */
export async function discoverJwksUrl(issuer: string): Promise<URL> {
  let failure: AuthorizationServerError | undefined;
  for (const url of metadataUrls(issuer)) {
    let metadata: unknown;
    try {
      metadata = await fetchDocument(url, "The authorization server metadata");
    } catch (error) {
      if (!(error instanceof AuthorizationServerError)) throw error;
      failure = error;
      continue;
    }
    const { issuer: named, jwks_uri: jwksUri } = (metadata ?? {}) as Record<string, unknown>;
    if (named !== issuer) {
      throw new AuthorizationServerError(
        "The authorization server metadata names another issuer: MCP_AUTH_ISSUER must equal it exactly.",
      );
    }
    if (typeof jwksUri !== "string" || !URL.canParse(jwksUri)) {
      throw new AuthorizationServerError(
        "The authorization server metadata has no jwks_uri: set MCP_AUTH_JWKS_URL.",
      );
    }
    return new URL(jwksUri);
  }
  throw failure;
}
