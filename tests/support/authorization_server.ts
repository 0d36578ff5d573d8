/**
 * A stand-in OAuth authorization server for tests: real ES256 and RS256 key pairs, its RFC 8414
 * metadata and its JWKS on `Deno.serve` (127.0.0.1, ephemeral port), and a token signer.
 * @module
 */

import {
  base64url,
  type CryptoKey,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
} from "jose";

/** A signing key pair with its key id. */
export interface SigningKey {
  kid: string;
  alg: "ES256" | "RS256";
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** The public key as a PEM SPKI document. */
  publicPem: string;
}

/** A running authorization server. */
export interface TestAuthorizationServer extends AsyncDisposable {
  /** The issuer identifier, e.g. `http://127.0.0.1:41234`. */
  issuer: string;
  /** The JWKS URL. */
  jwksUrl: string;
  /** The keys whose public halves the JWKS publishes; change it to rotate keys. */
  published: SigningKey[];
  /** When set, the JWKS answers with this status instead of the keys. */
  failWith?: number;
  /** When true, the JWKS answers only once the server is disposed: a fetch of it never ends. */
  stalled?: boolean;
  /** How many times the JWKS was fetched. */
  jwksFetches: number;
}

/** Generates a key pair for `alg` named `kid`. */
export async function createSigningKey(alg: SigningKey["alg"], kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...await exportJWK(publicKey), kid, alg, use: "sig" };
  return { kid, alg, privateKey, publicJwk, publicPem: await exportSPKI(publicKey) };
}

/** Starts an authorization server that publishes `keys`. */
export function startAuthorizationServer(keys: SigningKey[]): TestAuthorizationServer {
  const released = Promise.withResolvers<void>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/.well-known/oauth-authorization-server") {
      return Response.json({
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        jwks_uri: state.jwksUrl,
        response_types_supported: ["code"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (pathname === "/jwks") {
      state.jwksFetches++;
      if (state.stalled) await released.promise;
      if (state.failWith !== undefined) return new Response("down", { status: state.failWith });
      return Response.json({ keys: state.published.map((key) => key.publicJwk) });
    }
    return new Response("Not found", { status: 404 });
  });
  const issuer = `http://127.0.0.1:${server.addr.port}`;
  const state: TestAuthorizationServer = {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    published: [...keys],
    jwksFetches: 0,
    [Symbol.asyncDispose]: () => {
      released.resolve();
      return server.shutdown();
    },
  };
  return state;
}

/** What a test token is made of; the claims are added to `iat` and the other defaults. */
export interface TokenOptions {
  key: SigningKey;
  claims: JWTPayload;
  /** The `kid` header, when it should differ from the key's. */
  kid?: string;
}

/** Signs a JWT access token with `key`, with `iat` now and `exp` in ten minutes unless given. */
export function signToken({ key, claims, kid = key.kid }: TokenOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat: now, exp: now + 600, ...claims })
    .setProtectedHeader({ alg: key.alg, kid, typ: "at+jwt" })
    .sign(key.privateKey);
}

/** An unsigned token (`alg: none`), which must never be accepted. */
export function unsignedToken(claims: JWTPayload): string {
  const encode = (value: unknown) => base64url.encode(JSON.stringify(value));
  const now = Math.floor(Date.now() / 1000);
  const payload = encode({ iat: now, exp: now + 600, ...claims });
  return `${encode({ alg: "none", typ: "JWT" })}.${payload}.`;
}

/**
 * A token signed with HS256 using `key`'s public PEM as the shared secret: the classic
 * algorithm-confusion forgery, which must never be accepted.
 */
export function hmacWithPublicKey(key: SigningKey, claims: JWTPayload): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat: now, exp: now + 600, ...claims })
    .setProtectedHeader({ alg: "HS256", kid: key.kid })
    .sign(new TextEncoder().encode(key.publicPem));
}
