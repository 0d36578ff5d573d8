/**
 * `deno task start`, `stdio` and `build` never run stale code: the view and the server bundle are
 * rebuilt when, and only when, a source they are made of changed. Runs in a copy of the project,
 * so the working tree is left as it is.
 */

import assert from "node:assert/strict";
import {
  createSigningKey,
  signToken,
  startAuthorizationServer,
} from "./support/authorization_server.ts";
import { eventually } from "./support/eventually.ts";
import { logLines, postJsonRpc } from "./support/mcp_http.ts";
import { projectCommand, runToExit, startProject, startServer } from "./support/server_process.ts";
import { builtKey, VIEW_MODULE, viewKey } from "../launch.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const PROJECT_FILES = [
  "launch.ts",
  "main.ts",
  "deno.json",
  "deno.lock",
  "server",
  "tools",
];

/** A copy of the project's sources and its built view, without the server bundle. */
async function copyProject(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "render-results-launch-" });
  const copy = new Deno.Command("cp", {
    args: ["-R", ...PROJECT_FILES, dir],
    cwd: ROOT,
    stderr: "piped",
  });
  const { success, stderr } = await copy.output();
  assert.ok(success, new TextDecoder().decode(stderr));
  return dir;
}

/** Runs `deno task build` in `dir`; returns what it says it built. */
async function build(dir: string): Promise<string> {
  const { code, stderr } = await runToExit({
    name: "build",
    args: ["task", "--quiet", "build"],
    cwd: dir,
    ready: /$^/,
  });
  assert.equal(code, 0, stderr);
  return stderr.trim();
}

async function append(dir: string, path: string, text: string): Promise<void> {
  await Deno.writeTextFile(`${dir}/${path}`, text, { append: true });
}

Deno.test("the built view the repository keeps is built from the current sources", async () => {
  assert.equal(
    builtKey(VIEW_MODULE),
    await viewKey(),
    "the view's sources changed since it was built: run `deno task build` and commit " +
      "tools/render_results/view_html.ts",
  );
});

Deno.test("a build rebuilds exactly what a changed source is part of", async () => {
  const dir = await copyProject();
  try {
    assert.match(await build(dir), /^Built dist\/server\.js$/, "the bundle is missing");
    assert.equal(await build(dir), "Up to date");

    await append(dir, "server/log.ts", "\n// A change to the server.\n");
    assert.match(await build(dir), /^Built dist\/server\.js$/, "the server changed");
    assert.equal(await build(dir), "Up to date");

    // How the bundle is made is part of what it is made of.
    await append(dir, "launch.ts", "\n// A change to the bundler.\n");
    assert.match(await build(dir), /^Built dist\/server\.js$/, "the bundler changed");
    assert.equal(await build(dir), "Up to date");

    // The bundle embeds the view: a change to the view rebuilds both.
    await append(dir, "tools/render_results/ui/styles.css", "\n/* A change to the view. */\n");
    assert.match(
      await build(dir),
      /^Built tools\/render_results\/view_html\.ts: .*; dist\/server\.js$/s,
    );
    assert.equal(await build(dir), "Up to date");

    // Tests are no source of either.
    await append(dir, "server/config_test.ts", "\n// A change to a test.\n");
    assert.equal(await build(dir), "Up to date");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the start task serves what the sources say, right after they changed", async () => {
  const dir = await copyProject();
  try {
    await build(dir);
    const config = JSON.parse(await Deno.readTextFile(`${dir}/deno.json`));
    await Deno.writeTextFile(
      `${dir}/deno.json`,
      JSON.stringify({ ...config, version: "0.0.0-changed" }, null, 2),
    );

    await using server = await startServer({ ...projectCommand(), cwd: dir });
    const response = await postJsonRpc(fetch, server.url, {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "launch-test", version: "1.0.0" },
      },
    });
    const { result } = await response.json();
    assert.equal(result.serverInfo.version, "0.0.0-changed");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a source that does not build stops the start with one JSON error line", async () => {
  const dir = await copyProject();
  try {
    await append(dir, "server/log.ts", "\nexport const = ;\n");
    const { code, stderr } = await runToExit({ ...projectCommand(), cwd: dir });
    assert.equal(code, 1);
    const lines = stderr.trim().split("\n").map((line) => JSON.parse(line));
    assert.equal(lines.length, 1, stderr);
    assert.equal(lines[0].level, "error");
    assert.match(lines[0].message, /^The server could not be built: deno bundle failed/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an unexpected failure in the bundle is logged with a stack naming source lines", async () => {
  // A published key that WebCrypto cannot import (a coordinate that is a number): jose passes
  // the DOMException on, which no part of the server expects.
  const key = await createSigningKey("ES256", "odd");
  key.publicJwk = { ...key.publicJwk, x: 5 as unknown as string };
  await using issuer = startAuthorizationServer([key]);
  const publicUrl = "https://mcp.example.test";
  await using server = await startProject({
    MCP_PUBLIC_URL: publicUrl,
    MCP_AUTH_ISSUER: issuer.issuer,
    LOG_LEVEL: "error",
  });
  const token = await signToken({ key, claims: { iss: issuer.issuer, aud: `${publicUrl}/mcp` } });
  const response = await postJsonRpc(fetch, server.url, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/list",
  }, { authorization: `Bearer ${token}` });
  assert.equal(response.status, 500);
  assert.equal((await response.json()).error.message, "Internal error.");
  const failure = () =>
    logLines(server.stderr()).find((line) => line.message === "A request failed unexpectedly.");
  await eventually(() => failure() !== undefined, "the failure is logged");
  const { error, stack } = failure()!;
  assert.match(String(error), /^DataError: /);
  assert.match(String(stack), /\/server\/http\/auth\/authenticator\.ts:\d+:\d+\)/);
  assert.doesNotMatch(String(stack), /dist\/server\.js/);
});
