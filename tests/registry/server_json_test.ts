/**
 * `server.json`, the MCP Registry's entry for this server, is what the registry accepts: valid
 * against the registry's published schema (`server.schema.json` here is a copy of it, byte for
 * byte), named as the npm package claims with `mcpName`, and at the version the package and the
 * server have.
 * @module
 */

import assert from "node:assert/strict";
import { Ajv } from "ajv";
import { manifest, PACKAGE_NAME } from "../../npm/build.ts";
import denoJson from "../../deno.json" with { type: "json" };
import packageJson from "../../tools/render_results/deno.json" with { type: "json" };
import schema from "./server.schema.json" with { type: "json" };
import serverJson from "../../server.json" with { type: "json" };

/** The published schema's validator; `uri` checked as the registry does, as an absolute URL. */
function validator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addFormat("uri", (value: string) => URL.canParse(value));
  return ajv.compile(schema);
}

/** Each error as `path: message`, for a failure that says what to fix. */
function problems(errors: { instancePath: string; message?: string }[] | null | undefined) {
  return (errors ?? []).map((error) => `${error.instancePath || "/"}: ${error.message}`);
}

Deno.test("server.json is valid against the registry's 2025-12-11 schema", () => {
  assert.equal(serverJson.$schema, schema.$id);
  assert.match(schema.$id, /\/schemas\/2025-12-11\/server\.schema\.json$/);
  const validate = validator();
  assert.ok(validate(serverJson), problems(validate.errors).join("\n"));
});

Deno.test("the schema refuses what the registry refuses: a long description, a bare URL template", () => {
  const validate = validator();
  const long = { ...serverJson, description: "x".repeat(101) };
  assert.equal(validate(long), false);
  assert.deepEqual(problems(validate.errors), [
    "/description: must NOT have more than 100 characters",
  ]);
  const bare = { ...serverJson, remotes: [{ ...serverJson.remotes[0], url: "{url}" }] };
  assert.equal(validate(bare), false);
});

Deno.test("the npm package claims the registry name, at the version of the entry and the server", () => {
  const [npm] = serverJson.packages;
  assert.equal(npm.identifier, PACKAGE_NAME);
  assert.deepEqual(npm.transport, { type: "stdio" });
  const packed = manifest();
  assert.equal(packed.mcpName, serverJson.name);
  assert.equal(packed.license, "MIT");
  for (const version of [npm.version, packed.version, packageJson.version, denoJson.version]) {
    assert.equal(version, serverJson.version, "server.json, the npm package and the server differ");
  }
});

Deno.test("the hosted entry's URL template names the one variable it declares", () => {
  const [remote] = serverJson.remotes;
  assert.equal(remote.type, "streamable-http");
  const named = [...remote.url.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  assert.deepEqual(named, Object.keys(remote.variables));
  const url = new URL(remote.url.replace("{host}", remote.variables.host.placeholder));
  assert.equal(url.href, "https://mcp.example.com/mcp");
});
