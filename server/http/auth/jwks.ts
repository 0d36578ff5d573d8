/**
 * The authorization server's signing keys (JWKS), kept by jose's remote key set: fetched when
 * first needed, cached, refreshed when old, each fetch under a time limit. Around it: the JWKS
 * URL is looked up until found once; a token naming an unknown key id refetches the keys at
 * once, at most once per cooldown; a failed fetch is not retried for a few seconds, and the
 * keys last fetched keep serving meanwhile; every failure to fetch is the authorization
 * server's, reported without the document's content.
 * @module
 */

import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type CryptoKey,
  customFetch,
  errors,
  type FlattenedJWSInput,
  type JSONWebKeySet,
  type JWSHeaderParameters,
} from "jose";
import { AuthorizationServerError, FETCH_TIMEOUT_MS, fetchDocument } from "./fetch_document.ts";

/** Timing of a {@linkcode RemoteKeySet}; the defaults suit production. */
export interface KeySetOptions {
  /** Least time between refetches caused by unknown key ids, in ms (default 30 s). */
  refetchCooldownMs?: number;
  /** Age at which the keys are refreshed, in ms (default 10 min); old keys serve until then. */
  maxAgeMs?: number;
  /** Time one fetch of the keys may take, in ms (default 5 s). */
  fetchTimeoutMs?: number;
  /** Time after a failed fetch during which no fetch is tried, in ms (default 5 s). */
  retryDelayMs?: number;
  /** The clock of the cooldown and the retry delay, in ms. */
  now?: () => number;
  /** Called with a readable message, free of secrets, when a fetch fails. */
  onFetchError?: (message: string) => void;
}

type RemoteJWKSet = ReturnType<typeof createRemoteJWKSet>;
type LocalJWKSet = ReturnType<typeof createLocalJWKSet>;

/** A JWKS served by the authorization server, as a key resolver for `jwtVerify`. */
export class RemoteKeySet {
  readonly #locate: () => Promise<URL>;
  readonly #options: Required<Omit<KeySetOptions, "maxAgeMs">> & { maxAgeMs?: number };
  #remote?: Promise<RemoteJWKSet>;
  /** The keys of the last document that was a key set, for when a refresh fails. */
  #lastFetched?: LocalJWKSet;
  /** How many documents were fetched, so that a call can tell whether it fetched one. */
  #fetches = 0;
  #refetchedAt = -Infinity;
  #failedAt = -Infinity;

  /** `locate` gives the JWKS URL; it is called until it succeeds once. */
  constructor(locate: () => Promise<URL>, options: KeySetOptions = {}) {
    this.#locate = locate;
    this.#options = {
      refetchCooldownMs: 30_000,
      fetchTimeoutMs: FETCH_TIMEOUT_MS,
      retryDelayMs: 5_000,
      now: Date.now,
      onFetchError: () => {},
      ...options,
    };
  }

  /**
   * Resolves the key a token's header names. Throws an {@linkcode AuthorizationServerError}
   * when the keys cannot be fetched, and jose's errors when no key fits the token.
   */
  readonly getKey = async (
    header?: JWSHeaderParameters,
    token?: FlattenedJWSInput,
  ): Promise<CryptoKey> => {
    const remote = await this.#remoteSet();
    const fetches = this.#fetches;
    try {
      return await remote(header, token);
    } catch (error) {
      const now = this.#options.now();
      if (
        error instanceof errors.JWKSNoMatchingKey && this.#fetches === fetches &&
        now - this.#refetchedAt >= this.#options.refetchCooldownMs
      ) {
        this.#refetchedAt = now;
        await remote.reload();
        return await remote(header, token);
      }
      if (!(error instanceof AuthorizationServerError) || this.#lastFetched === undefined) {
        throw error;
      }
      // A key the old keys lack could be among the new ones: that token cannot be checked.
      try {
        return await this.#lastFetched(header, token);
      } catch (stale) {
        throw stale instanceof errors.JWKSNoMatchingKey ? error : stale;
      }
    }
  };

  #remoteSet(): Promise<RemoteJWKSet> {
    this.#remote ??= this.#attempt(this.#locate).then(
      (url) =>
        createRemoteJWKSet(url, {
          cacheMaxAge: this.#options.maxAgeMs,
          // Unknown key ids refetch through `reload`, under this set's own cooldown.
          cooldownDuration: Infinity,
          timeoutDuration: this.#options.fetchTimeoutMs,
          [customFetch]: (url: string, init: RequestInit) => this.#fetchKeys(new URL(url), init),
        }),
      (error) => {
        this.#remote = undefined;
        throw error;
      },
    );
    return this.#remote;
  }

  /** Fetches the JWKS for jose, keeping its keys should a later fetch fail. */
  async #fetchKeys(url: URL, init: RequestInit): Promise<Response> {
    const jwks = await this.#attempt(() =>
      fetchDocument(url, "The JWKS", this.#options.fetchTimeoutMs, init.signal!)
    );
    this.#fetches++;
    try {
      this.#lastFetched = createLocalJWKSet(jwks as JSONWebKeySet);
    } catch {
      throw this.#failed(new AuthorizationServerError("The JWKS is not a valid JSON Web Key Set."));
    }
    return Response.json(jwks);
  }

  /** `work`, unless a fetch failed moments ago; a failure of it is noted and reported. */
  async #attempt<T>(work: () => Promise<T>): Promise<T> {
    if (this.#options.now() - this.#failedAt < this.#options.retryDelayMs) {
      throw new AuthorizationServerError("The JWKS fetch failed moments ago and waits to retry.");
    }
    try {
      return await work();
    } catch (error) {
      throw error instanceof AuthorizationServerError ? this.#failed(error) : error;
    }
  }

  #failed(error: AuthorizationServerError): AuthorizationServerError {
    this.#failedAt = this.#options.now();
    this.#options.onFetchError(error.message);
    return error;
  }
}
