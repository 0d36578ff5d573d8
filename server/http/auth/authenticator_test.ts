/**
 * The auth step with real signed tokens and a real JWKS on 127.0.0.1: a verified principal goes
 * on to the next step with its hashed id, a refusal ends the request there, and a JWKS that does
 * not answer is given up on when the request's deadline passes.
 */

import assert from "node:assert/strict";
import {
  createSigningKey,
  signToken,
  startAuthorizationServer,
  type TestAuthorizationServer,
} from "../../../tests/support/authorization_server.ts";
import { sha256Hex } from "../../bytes.ts";
import { Logger } from "../../log.ts";
import { type RequestContext, runSteps } from "../steps.ts";
import { authenticate, Authenticator } from "./authenticator.ts";
import { ProtectedResource } from "./protected_resource.ts";

const PUBLIC_URL = "https://mcp.example.test";
const SCOPE = "mcp:tools";

function authenticatorFor(issuer: TestAuthorizationServer, apiKeyHashes: string[] = []) {
  return new Authenticator(
    { auth: { issuer: issuer.issuer, jwksUrl: issuer.jwksUrl, scopes: [SCOPE] }, apiKeyHashes },
    new ProtectedResource(PUBLIC_URL, "/mcp"),
    new Logger("off"),
  );
}

/** Runs the auth step on a request with `authorization`; returns the answer and the context. */
async function answer(
  authenticator: Authenticator,
  authorization?: string,
  signal = new AbortController().signal,
) {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const request = new Request(`${PUBLIC_URL}/mcp`, { method: "POST", headers });
  const context: RequestContext = {
    request,
    url: new URL(request.url),
    signal,
  };
  const response = await runSteps(
    [authenticate(authenticator), () => Promise.resolve(new Response("next"))],
    context,
  );
  return { status: response.status, text: await response.text(), context };
}

Deno.test("a verified token goes on with its principal; a refused one stops here", async () => {
  const key = await createSigningKey("ES256", "es-1");
  await using issuer = startAuthorizationServer([key]);
  const authenticator = authenticatorFor(issuer);
  const claims = { iss: issuer.issuer, aud: `${PUBLIC_URL}/mcp`, sub: "user-7", scope: SCOPE };
  const token = await signToken({ key, claims: { ...claims, client_id: "client-1" } });
  const accepted = await answer(authenticator, `Bearer ${token}`);
  assert.equal(accepted.text, "next");
  const { authInfo } = accepted.context;
  assert.equal(authInfo?.clientId, "client-1");
  assert.deepEqual(authInfo?.scopes, [SCOPE]);
  assert.equal(authInfo?.extra?.principal, (await sha256Hex("user-7")).slice(0, 12));

  assert.equal((await answer(authenticator)).status, 401);
  const unscoped = await signToken({ key, claims: { ...claims, scope: "other" } });
  const refused = await answer(authenticator, `Bearer ${unscoped}`);
  assert.equal(refused.status, 403);
  assert.equal(refused.context.authInfo, undefined);
});

Deno.test("an API key goes on as its own principal, with the required scopes", async () => {
  await using issuer = startAuthorizationServer([]);
  const apiKey = `key-${crypto.randomUUID()}`;
  const hash = await sha256Hex(apiKey);
  const { text, context } = await answer(authenticatorFor(issuer, [hash]), `Bearer ${apiKey}`);
  assert.equal(text, "next");
  assert.equal(context.authInfo?.clientId, `api-key:${hash.slice(0, 12)}`);
  assert.deepEqual(context.authInfo?.scopes, [SCOPE]);
});

Deno.test("a JWKS that does not answer is given up on when the deadline passes", async () => {
  const key = await createSigningKey("ES256", "es-1");
  await using issuer = startAuthorizationServer([key]);
  issuer.stalled = true;
  const token = await signToken({ key, claims: { iss: issuer.issuer, aud: `${PUBLIC_URL}/mcp` } });
  const controller = new AbortController();
  const waiting = answer(authenticatorFor(issuer), `Bearer ${token}`, controller.signal);
  const reason = new DOMException("The request deadline passed.", "TimeoutError");
  controller.abort(reason);
  await assert.rejects(waiting, (error) => error === reason);
});
