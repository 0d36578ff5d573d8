/**
 * The server as an OAuth 2.1 protected resource: its identifier (RFC 8707) and its metadata
 * documents (RFC 9728).
 * @module
 */

import type { AuthConfig } from "../../config.ts";

/** Where the protected-resource metadata lives; the resource's path is appended (RFC 9728). */
export const METADATA_PATH = "/.well-known/oauth-protected-resource";

/** How long clients may cache the metadata documents, in seconds. */
const METADATA_MAX_AGE_SECONDS = 3600;

/**
 * The resource identifier and the URL of its metadata, both from `MCP_PUBLIC_URL`: never from a
 * request, whose `Host` a client chooses.
 */
export class ProtectedResource {
  /** The resource's path, `/mcp` unless `MCP_PUBLIC_URL` has a path of its own. */
  readonly path: string;
  /** The path of the MCP endpoint on this server. */
  readonly mcpPath: string;
  /** The resource identifier: tokens must name it in `aud`. */
  readonly resource: string;
  /** The URL of the resource's metadata document. */
  readonly metadataUrl: string;

  constructor(publicUrl: string, mcpPath: string) {
    this.mcpPath = mcpPath;
    const resource = new URL(publicUrl + mcpPath);
    this.path = resource.pathname;
    this.resource = resource.href;
    this.metadataUrl = `${resource.origin}${METADATA_PATH}${this.path}`;
  }
}

/** Serves the public metadata documents, readable by any origin. */
export class MetadataDocuments {
  readonly #resource: ProtectedResource;
  readonly #paths: Set<string>;
  readonly #fields: Record<string, unknown>;

  constructor(resource: ProtectedResource, auth: AuthConfig) {
    this.#resource = resource;
    this.#paths = new Set([
      METADATA_PATH,
      METADATA_PATH + resource.mcpPath,
      METADATA_PATH + resource.path,
    ]);
    this.#fields = {
      authorization_servers: [auth.issuer],
      bearer_methods_supported: ["header"],
      ...(auth.scopes.length > 0 ? { scopes_supported: auth.scopes } : {}),
    };
  }

  /** Whether `pathname` is one of the documents. */
  serves(pathname: string): boolean {
    return this.#paths.has(pathname);
  }

  /** Answers GET, HEAD and the CORS preflight for a document. */
  respond(request: Request): Response {
    const headers = new Headers({ "Access-Control-Allow-Origin": "*" });
    if (request.method === "OPTIONS") {
      headers.set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
      headers.set("Access-Control-Allow-Headers", "MCP-Protocol-Version");
      headers.set("Access-Control-Max-Age", "600");
      return new Response(null, { status: 204, headers });
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      headers.set("Allow", "GET, HEAD, OPTIONS");
      return new Response(null, { status: 405, headers });
    }
    headers.set("Cache-Control", `public, max-age=${METADATA_MAX_AGE_SECONDS}`);
    return Response.json({ resource: this.#resource.resource, ...this.#fields }, {
      headers,
    });
  }
}
