/**
 * Finding the JWKS URL in the authorization server's metadata, served on 127.0.0.1.
 */

import assert from "node:assert/strict";
import { startAuthorizationServer } from "../../../tests/support/authorization_server.ts";
import { discoverJwksUrl, metadataUrls } from "./authorization_server.ts";
import { AuthorizationServerError } from "./fetch_document.ts";

Deno.test("the metadata URLs are tried in the order the MCP authorization spec gives", () => {
  assert.deepEqual(metadataUrls("https://auth.example/tenant/").map(String), [
    "https://auth.example/.well-known/oauth-authorization-server/tenant",
    "https://auth.example/.well-known/openid-configuration/tenant",
    "https://auth.example/tenant/.well-known/openid-configuration",
  ]);
  assert.deepEqual(metadataUrls("https://auth.example").map(String), [
    "https://auth.example/.well-known/oauth-authorization-server",
    "https://auth.example/.well-known/openid-configuration",
  ]);
});

Deno.test("the JWKS URL is discovered from metadata that names the issuer exactly", async () => {
  await using issuer = startAuthorizationServer([]);
  assert.equal((await discoverJwksUrl(issuer.issuer)).href, issuer.jwksUrl);
  await assert.rejects(discoverJwksUrl(`${issuer.issuer}/`), /names another issuer/);
});

Deno.test("an issuer that serves no metadata is the authorization server's failure", async () => {
  await using issuer = startAuthorizationServer([]);
  await assert.rejects(discoverJwksUrl(`${issuer.issuer}/tenant`), (error: Error) => {
    assert.ok(error instanceof AuthorizationServerError);
    assert.equal(error.message, "The authorization server metadata answered HTTP 404, not 200.");
    return true;
  });
});
