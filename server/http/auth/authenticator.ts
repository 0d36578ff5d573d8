/**
 * The auth step in front of `/mcp`: reads the bearer token, accepts a configured API key or a
 * verified JWT access token, checks the required scopes, and otherwise answers 401, 403 or 503.
 * @module
 */

import { errors } from "jose";
import { sha256Hex } from "../../bytes.ts";
import type { Config } from "../../config.ts";
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { Logger } from "../../log.ts";
import { AccessTokenVerifier, type VerifiedToken } from "./access_token.ts";
import { ApiKeys } from "./api_keys.ts";
import { discoverJwksUrl } from "./authorization_server.ts";
import { bearerToken } from "./bearer.ts";
import { authUnavailable, insufficientScope, invalidToken, missingToken } from "./challenge.ts";
import { AuthorizationServerError } from "./fetch_document.ts";
import { RemoteKeySet } from "./jwks.ts";
import type { ProtectedResource } from "./protected_resource.ts";
import { type Step, untilAborted } from "../steps.ts";

/** Who a token proves its bearer to be. */
type Principal = Omit<VerifiedToken, "expiresAt"> & { expiresAt?: number };

/** The verified principal, or the response that refuses the request. */
export type AuthResult = { ok: true; authInfo: AuthInfo } | { ok: false; response: Response };

/** Checks the credentials of requests to `/mcp`. */
export class Authenticator {
  readonly #resource: ProtectedResource;
  readonly #requiredScopes: string[];
  readonly #apiKeys?: ApiKeys;
  readonly #verifier?: AccessTokenVerifier;
  /** Whether challenges point to the metadata (only when an authorization server is set). */
  readonly #advertises: boolean;

  constructor(
    config: Pick<Config, "auth" | "apiKeyHashes">,
    resource: ProtectedResource,
    logger: Logger,
  ) {
    this.#resource = resource;
    this.#requiredScopes = config.auth?.scopes ?? [];
    this.#advertises = config.auth !== undefined;
    if (config.apiKeyHashes.length > 0) this.#apiKeys = new ApiKeys(config.apiKeyHashes);
    if (config.auth !== undefined) {
      const { issuer, jwksUrl } = config.auth;
      const keys = new RemoteKeySet(
        jwksUrl === undefined
          ? () => discoverJwksUrl(issuer)
          : () => Promise.resolve(new URL(jwksUrl)),
        { onFetchError: (message) => logger.warn(message) },
      );
      this.#verifier = new AccessTokenVerifier(issuer, keys.getKey);
    }
  }

  /** Authenticates `request`. Reads headers only, never the body. */
  async authenticate(request: Request): Promise<AuthResult> {
    const metadataUrl = this.#advertises ? this.#resource.metadataUrl : undefined;
    const token = bearerToken(request.headers.get("authorization"));
    if (token === undefined) return refuse(missingToken(metadataUrl));
    if (token === null) return refuse(invalidToken(metadataUrl));
    const apiKey = await this.#apiKeys?.match(token);
    if (apiKey !== undefined) {
      return await this.#accept(token, {
        subject: apiKey,
        clientId: apiKey,
        scopes: this.#requiredScopes,
      });
    }
    if (this.#verifier === undefined) return refuse(invalidToken(metadataUrl));
    let verified;
    try {
      verified = await this.#verifier.verify(token, this.#resource.resource);
    } catch (error) {
      if (error instanceof AuthorizationServerError) return refuse(authUnavailable());
      if (error instanceof errors.JOSEError) return refuse(invalidToken(metadataUrl));
      throw error;
    }
    if (!this.#requiredScopes.every((scope) => verified.scopes.includes(scope))) {
      return refuse(insufficientScope(this.#requiredScopes, metadataUrl));
    }
    return await this.#accept(token, verified);
  }

  /**
   * Accepts `token` as the principal it proves; the principal's id in logs is the first 12 hex
   * digits of the SHA-256 of its subject.
   */
  async #accept(token: string, principal: Principal): Promise<AuthResult> {
    const { subject, ...fields } = principal;
    const id = subject === undefined ? undefined : (await sha256Hex(subject)).slice(0, 12);
    const resource = new URL(this.#resource.resource);
    return {
      ok: true,
      authInfo: { token, ...fields, resource, extra: { subject, principal: id } },
    };
  }
}

/**
 * The auth step of `/mcp`: records the principal `authenticator` verifies in the context, or
 * answers with its refusal. It reads headers only, so it runs before the body is read.
 */
export function authenticate(authenticator: Authenticator): Step {
  return async (context, next) => {
    const { signal, request } = context;
    const auth = await untilAborted(signal, authenticator.authenticate(request));
    if (!auth.ok) return auth.response;
    context.authInfo = auth.authInfo;
    return await next();
  };
}

function refuse(response: Response): AuthResult {
  return { ok: false, response };
}
