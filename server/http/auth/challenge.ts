/**
 * The responses that refuse a request at the auth step, with their `WWW-Authenticate`
 * challenges (RFC 6750, section 3; RFC 9728, section 5.1). They never repeat the token.
 * @module
 */

import { HTTP_ERROR, jsonRpcErrorResponse } from "../json_rpc_error.ts";

/** How long a client should wait after a 503 from the auth step, in seconds. */
const RETRY_AFTER_SECONDS = 5;

/** 401 for a request without bearer credentials. */
export function missingToken(metadataUrl: string | undefined): Response {
  return refusal(
    401,
    "Unauthorized: send an access token in the Authorization header as a Bearer token.",
    challenge([], metadataUrl),
  );
}

/** 401 `invalid_token` for a token that is malformed, unknown, expired or not for this server. */
export function invalidToken(metadataUrl: string | undefined): Response {
  return refusal(
    401,
    "Unauthorized: the access token is invalid, expired or not issued for this server.",
    challenge([["error", "invalid_token"]], metadataUrl),
  );
}

/** 403 `insufficient_scope` for a valid token without every required scope. */
export function insufficientScope(scopes: string[], metadataUrl: string | undefined): Response {
  const scope = scopes.join(" ");
  return refusal(
    403,
    `Forbidden: the access token needs the scopes ${scope}.`,
    challenge([["error", "insufficient_scope"], ["scope", scope]], metadataUrl),
  );
}

/** 503 when the authorization server's keys cannot be fetched, so no token can be checked. */
export function authUnavailable(): Response {
  return jsonRpcErrorResponse(
    503,
    HTTP_ERROR,
    "Service unavailable: the authorization server's signing keys could not be fetched.",
    { headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
  );
}

function refusal(status: number, message: string, wwwAuthenticate: string): Response {
  return jsonRpcErrorResponse(status, HTTP_ERROR, message, {
    headers: { "WWW-Authenticate": wwwAuthenticate },
  });
}

function challenge(params: [string, string][], metadataUrl: string | undefined): string {
  if (metadataUrl !== undefined) params.push(["resource_metadata", metadataUrl]);
  if (params.length === 0) return "Bearer";
  return `Bearer ${params.map(([name, value]) => `${name}="${value}"`).join(", ")}`;
}
