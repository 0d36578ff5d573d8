/**
 * Verifies JWT access tokens: signature against the issuer's keys, `iss`, `aud` (RFC 8707),
 * `exp` and `nbf`, with asymmetric algorithms only.
 * @module
 */

import { type JWTPayload, jwtVerify, type JWTVerifyGetKey } from "jose";

/** The JWS algorithms accepted: asymmetric only, so never `none` and never HMAC. */
export const ALGORITHMS: readonly string[] = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];

/** The clock skew allowed when checking `exp` and `nbf`, in seconds. */
export const CLOCK_TOLERANCE_SECONDS = 30;

/** What the server uses of a verified token. */
export interface VerifiedToken {
  subject?: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

/** Verifies access tokens that `issuer` signed with the keys `getKey` resolves. */
export class AccessTokenVerifier {
  readonly #issuer: string;
  readonly #getKey: JWTVerifyGetKey;

  constructor(issuer: string, getKey: JWTVerifyGetKey) {
    this.#issuer = issuer;
    this.#getKey = getKey;
  }

  /** Verifies `token` for `resource`; throws jose's errors when it is not valid. */
  async verify(token: string, resource: string): Promise<VerifiedToken> {
    const { payload } = await jwtVerify(token, this.#getKey, {
      issuer: this.#issuer,
      audience: resource,
      algorithms: [...ALGORITHMS],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["exp"],
    });
    return {
      subject: payload.sub,
      clientId: stringClaim(payload, "client_id") ?? stringClaim(payload, "azp") ?? "",
      scopes: scopesOf(payload),
      expiresAt: payload.exp!,
    };
  }
}

function stringClaim(payload: JWTPayload, name: string): string | undefined {
  const value = payload[name];
  return typeof value === "string" ? value : undefined;
}

/** The token's scopes: `scope` (RFC 9068, space-separated) or `scp` (a list, as some servers use). */
function scopesOf(payload: JWTPayload): string[] {
  const { scope, scp } = payload;
  if (typeof scope === "string") return scope.split(" ").filter((item) => item !== "");
  if (Array.isArray(scp)) return scp.filter((item): item is string => typeof item === "string");
  if (typeof scp === "string") return scp.split(" ").filter((item) => item !== "");
  return [];
}
