/**
 * Reads the bearer token from an `Authorization` header (RFC 6750, section 2.1).
 * @module
 */

/** The longest bearer token read; longer ones are rejected without further work. */
export const MAX_TOKEN_LENGTH = 16_384;

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * The token in `header`: `undefined` when the request carries no bearer credentials, `null`
 * when it does but they are malformed or longer than {@linkcode MAX_TOKEN_LENGTH}.
 */
export function bearerToken(header: string | null): string | null | undefined {
  if (header === null || !/^bearer(?: |$)/i.test(header)) return undefined;
  const token = header.match(BEARER)?.[1];
  return token !== undefined && token.length <= MAX_TOKEN_LENGTH ? token : null;
}
