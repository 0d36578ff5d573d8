/**
 * The authorization server's signing keys as the resource server keeps them: fetched from a real
 * JWKS on 127.0.0.1 once, cached, refreshed when old (the keys fetched before serving while a
 * refresh fails), refetched for an unknown key id at a limited rate, and every failure to fetch
 * them reported as the authorization server's.
 */

import assert from "node:assert/strict";
import { errors, jwtVerify } from "jose";
import {
  createSigningKey,
  signToken,
  startAuthorizationServer,
  type TestAuthorizationServer,
} from "../../../tests/support/authorization_server.ts";
import { AuthorizationServerError } from "./fetch_document.ts";
import { type KeySetOptions, RemoteKeySet } from "./jwks.ts";

/** A key set reading `issuer`'s JWKS on a clock the test moves, and the failures it reported. */
function keySetOf(issuer: TestAuthorizationServer, options: KeySetOptions = {}) {
  const state = { clock: 1_000_000, failures: [] as string[] };
  const keys = new RemoteKeySet(() => Promise.resolve(new URL(issuer.jwksUrl)), {
    now: () => state.clock,
    onFetchError: (message) => state.failures.push(message),
    ...options,
  });
  const resolve = (kid: string) => keys.getKey({ alg: "ES256", kid });
  return { keys, resolve, state };
}

/** A server on 127.0.0.1 answering every request with `body`, as JSON. */
function serveDocument(body: string): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response(body, { headers: { "content-type": "application/json" } }),
  );
}

Deno.test("the keys verify a token signed with a published key", async () => {
  const key = await createSigningKey("ES256", "es-1");
  const rsa = await createSigningKey("RS256", "rs-1");
  await using issuer = startAuthorizationServer([key, rsa]);
  const { keys } = keySetOf(issuer);
  for (const signer of [key, rsa]) {
    const token = await signToken({ key: signer, claims: { sub: `user-${signer.kid}` } });
    const { payload } = await jwtVerify(token, keys.getKey);
    assert.equal(payload.sub, `user-${signer.kid}`);
  }
  assert.equal(issuer.jwksFetches, 1);
});

Deno.test("the JWKS is cached, and an unknown kid refetches it at a limited rate", async () => {
  const first = await createSigningKey("ES256", "first");
  const second = await createSigningKey("ES256", "second");
  const third = await createSigningKey("ES256", "third");
  await using issuer = startAuthorizationServer([first]);
  const { resolve, state } = keySetOf(issuer);

  await Promise.all([resolve("first"), resolve("first")]);
  await resolve("first");
  assert.equal(issuer.jwksFetches, 1, "The keys were fetched more than once.");

  // A rotated key is taken at once, however recent the last fetch.
  issuer.published.push(second);
  await resolve("second");
  assert.equal(issuer.jwksFetches, 2);
  issuer.published.push(third);
  await assert.rejects(resolve("third"), errors.JWKSNoMatchingKey);
  assert.equal(issuer.jwksFetches, 2, "An unknown kid refetched within the cooldown.");
  state.clock += 30_000;
  await resolve("third");
  assert.equal(issuer.jwksFetches, 3);
});

Deno.test("a failed refresh is not retried at once, and the keys fetched before serve", async () => {
  const first = await createSigningKey("ES256", "first");
  const second = await createSigningKey("ES256", "second");
  await using issuer = startAuthorizationServer([first]);
  const { resolve, state } = keySetOf(issuer, { maxAgeMs: 200 });
  await resolve("first");
  issuer.failWith = 502;
  await new Promise((done) => setTimeout(done, 250));
  await resolve("first");
  assert.equal(issuer.jwksFetches, 2, "Old keys were not refreshed.");
  assert.deepEqual(state.failures, ["The JWKS answered HTTP 502, not 200."]);
  await resolve("first");
  assert.equal(issuer.jwksFetches, 2, "A failed refresh was retried at once.");
  await assert.rejects(resolve("second"), AuthorizationServerError);

  issuer.failWith = undefined;
  issuer.published = [second];
  state.clock += 5_000;
  await resolve("second");
  assert.equal(issuer.jwksFetches, 3);
  await assert.rejects(resolve("first"), errors.JWKSNoMatchingKey);
});

Deno.test("an unknown kid costs one fetch at most, however many tokens name it", async () => {
  const key = await createSigningKey("ES256", "known");
  await using issuer = startAuthorizationServer([key]);
  const { resolve } = keySetOf(issuer, { refetchCooldownMs: 1_000 });
  await resolve("known");
  for (let i = 0; i < 5; i++) {
    await assert.rejects(resolve(`unknown-${i}`), errors.JWKSNoMatchingKey);
  }
  assert.equal(issuer.jwksFetches, 2);
});

Deno.test("the timing options are taken: a shorter cooldown refetches sooner", async () => {
  const key = await createSigningKey("ES256", "es-1");
  await using issuer = startAuthorizationServer([key]);
  const { resolve, state } = keySetOf(issuer, { refetchCooldownMs: 10 });
  await resolve("es-1");
  await assert.rejects(resolve("other"), errors.JWKSNoMatchingKey);
  await assert.rejects(resolve("other"), errors.JWKSNoMatchingKey);
  assert.equal(issuer.jwksFetches, 2, "an unknown kid refetched twice within the cooldown");
  state.clock += 10;
  await assert.rejects(resolve("other"), errors.JWKSNoMatchingKey);
  assert.equal(issuer.jwksFetches, 3, "the cooldown did not end after refetchCooldownMs");
});

Deno.test("without keys yet, a failed fetch is the authorization server's failure", async () => {
  await using issuer = startAuthorizationServer([]);
  issuer.failWith = 503;
  const { resolve, state } = keySetOf(issuer);
  await assert.rejects(resolve("any"), AuthorizationServerError);
  await assert.rejects(resolve("any"), /failed moments ago and waits to retry/);
  assert.equal(issuer.jwksFetches, 1);
  assert.deepEqual(state.failures, ["The JWKS answered HTTP 503, not 200."]);
});

Deno.test("an unreachable JWKS is reported as the authorization server's failure", async () => {
  const closed = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response(),
  );
  const url = new URL(`http://127.0.0.1:${closed.addr.port}/jwks`);
  await closed.shutdown();
  const failures: string[] = [];
  const keys = new RemoteKeySet(() => Promise.resolve(url), {
    onFetchError: (message) => failures.push(message),
  });
  await assert.rejects(keys.getKey({ alg: "ES256", kid: "any" }), AuthorizationServerError);
  assert.deepEqual(failures, ["The JWKS could not be reached."]);
});

Deno.test("a JWKS that does not answer in time is reported as the authorization server's failure", async () => {
  await using issuer = startAuthorizationServer([]);
  issuer.stalled = true;
  const { resolve, state } = keySetOf(issuer, { fetchTimeoutMs: 100 });
  await assert.rejects(resolve("any"), AuthorizationServerError);
  assert.deepEqual(state.failures, ["The JWKS did not answer within 100 ms."]);
});

Deno.test("a JWKS that is not JSON, or not a key set, is reported without its content", async () => {
  const cases: [string, string][] = [
    ["Zq7Marker <html>", "The JWKS is not valid JSON."],
    ['{"keys":"Zq7Marker"}', "The JWKS is not a valid JSON Web Key Set."],
  ];
  for (const [body, message] of cases) {
    await using server = serveDocument(body);
    const failures: string[] = [];
    const keys = new RemoteKeySet(
      () => Promise.resolve(new URL(`http://127.0.0.1:${server.addr.port}/jwks`)),
      { onFetchError: (failure) => failures.push(failure) },
    );
    await assert.rejects(keys.getKey({ alg: "ES256", kid: "any" }), (error: Error) => {
      assert.ok(error instanceof AuthorizationServerError);
      assert.equal(error.message, message);
      return true;
    });
    assert.deepEqual(failures, [message]);
  }
});

Deno.test("the JWKS URL is looked up until it is found once, then kept", async () => {
  const key = await createSigningKey("ES256", "es-1");
  await using issuer = startAuthorizationServer([key]);
  let lookups = 0;
  let clock = 0;
  const keys = new RemoteKeySet(() => {
    lookups++;
    return lookups === 1
      ? Promise.reject(new AuthorizationServerError("The metadata could not be reached."))
      : Promise.resolve(new URL(issuer.jwksUrl));
  }, { now: () => clock, maxAgeMs: 100 });
  await assert.rejects(keys.getKey({ alg: "ES256", kid: "es-1" }), AuthorizationServerError);
  clock += 5_000;
  await keys.getKey({ alg: "ES256", kid: "es-1" });
  await new Promise((done) => setTimeout(done, 150));
  await keys.getKey({ alg: "ES256", kid: "es-1" });
  assert.equal(lookups, 2);
  assert.equal(issuer.jwksFetches, 2);
});
