/**
 * The authorization server's signing keys (JWKS), fetched when first needed, cached, refreshed
 * when old, and refetched when a token names an unknown key id, at a limited rate.
 * @module
 */

import {
  createLocalJWKSet,
  type CryptoKey,
  errors,
  type FlattenedJWSInput,
  type JSONWebKeySet,
  type JWSHeaderParameters,
  type LocalJWKSet,
} from "jose";
import { AuthorizationServerError, fetchDocument } from "./fetch_document.ts";

/** Timing of a {@linkcode RemoteKeySet}; the defaults suit production. */
export interface KeySetOptions {
  /** Least time between refetches caused by unknown key ids, in ms (default 30 s). */
  refetchCooldownMs?: number;
  /** Age at which the keys are refreshed, in ms (default 10 min); old keys serve until then. */
  maxAgeMs?: number;
  /** Time after a failed fetch during which no fetch is tried, in ms (default 5 s). */
  retryDelayMs?: number;
  /** The clock, in ms. */
  now?: () => number;
  /** Called with a readable message, free of secrets, when a fetch fails. */
  onFetchError?: (message: string) => void;
}

/** A JWKS served by the authorization server, as a key resolver for `jwtVerify`. */
export class RemoteKeySet {
  readonly #locate: () => Promise<URL>;
  readonly #refetchCooldownMs: number;
  readonly #maxAgeMs: number;
  readonly #retryDelayMs: number;
  readonly #now: () => number;
  readonly #onFetchError: (message: string) => void;
  #url?: URL;
  #keys?: LocalJWKSet;
  #fetchedAt = -Infinity;
  #refetchedAt = -Infinity;
  #failedAt = -Infinity;
  #pending?: Promise<LocalJWKSet>;

  /** `locate` gives the JWKS URL; it is called until it succeeds once. */
  constructor(locate: () => Promise<URL>, options: KeySetOptions = {}) {
    this.#locate = locate;
    this.#refetchCooldownMs = options.refetchCooldownMs ?? 30_000;
    this.#maxAgeMs = options.maxAgeMs ?? 600_000;
    this.#retryDelayMs = options.retryDelayMs ?? 5_000;
    this.#now = options.now ?? Date.now;
    this.#onFetchError = options.onFetchError ?? (() => {});
  }

  /**
   * Resolves the key a token's header names. Throws an {@linkcode AuthorizationServerError}
   * when the keys cannot be fetched, and jose's errors when no key fits the token.
   */
  readonly getKey = async (
    header?: JWSHeaderParameters,
    token?: FlattenedJWSInput,
  ): Promise<CryptoKey> => {
    let keys = this.#keys;
    let fresh = false;
    if (keys === undefined || this.#now() - this.#fetchedAt >= this.#maxAgeMs) {
      try {
        keys = await this.#refresh();
        fresh = true;
      } catch (error) {
        // Old keys keep serving while the authorization server cannot be reached.
        if (keys === undefined || !(error instanceof AuthorizationServerError)) throw error;
      }
    }
    try {
      return await keys(header, token);
    } catch (error) {
      const now = this.#now();
      if (
        !(error instanceof errors.JWKSNoMatchingKey) || fresh ||
        now - this.#refetchedAt < this.#refetchCooldownMs
      ) {
        throw error;
      }
      this.#refetchedAt = now;
      return await (await this.#refresh())(header, token);
    }
  };

  #refresh(): Promise<LocalJWKSet> {
    if (this.#now() - this.#failedAt < this.#retryDelayMs) {
      return Promise.reject(
        new AuthorizationServerError("The JWKS fetch failed moments ago and waits to retry."),
      );
    }
    this.#pending ??= this.#fetch().finally(() => this.#pending = undefined);
    return this.#pending;
  }

  async #fetch(): Promise<LocalJWKSet> {
    try {
      this.#url ??= await this.#locate();
      const jwks = await fetchDocument(this.#url, "The JWKS");
      let keys: LocalJWKSet;
      try {
        keys = createLocalJWKSet(jwks as JSONWebKeySet);
      } catch {
        throw new AuthorizationServerError("The JWKS is not a valid JSON Web Key Set.");
      }
      this.#keys = keys;
      this.#fetchedAt = this.#now();
      return keys;
    } catch (error) {
      if (error instanceof AuthorizationServerError) {
        this.#failedAt = this.#now();
        this.#onFetchError(error.message);
      }
      throw error;
    }
  }
}
