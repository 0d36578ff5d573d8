/**
 * `deno serve main.ts`, as Deno Deploy runs the server: from the repository's files alone, with
 * nothing built, it serves the tool and its view; on SIGINT (what Deploy sends) and on SIGTERM it
 * answers the requests in progress, one whose body is still arriving included, and exits 0 within
 * the 5 s Deploy allows before it kills.
 * @module
 */

import assert from "node:assert/strict";
import { statusOf } from "@render-results/http1/testing";
import { postJsonRpc } from "./support/mcp_http.ts";
import { requestInProgress, startServer } from "./support/server_process.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
/** How long Deno Deploy waits after SIGINT before it kills an instance. */
const DEPLOY_STOP_MS = 5_000;

/** `deno serve main.ts` in `cwd` on an ephemeral port of 127.0.0.1. */
function denoServe(cwd = ROOT) {
  return startServer({
    name: "deno serve",
    args: [
      "serve",
      "--allow-net",
      "--allow-env",
      "--allow-read",
      "--host",
      "127.0.0.1",
      "--port",
      "0",
      "main.ts",
    ],
    cwd,
    env: { LOG_LEVEL: "warn" },
    ready: /Listening on (http:\/\/[^/\s]+)\//,
  });
}

/** A copy of the repository's files, as a clone has them: nothing built, nothing it ignores. */
async function repositoryCopy(): Promise<string> {
  const { stdout } = await new Deno.Command("git", {
    args: ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    cwd: ROOT,
  })
    .output();
  const dir = await Deno.makeTempDir({ prefix: "render-results-serve-" });
  for (const path of new TextDecoder().decode(stdout).split("\0").filter(Boolean)) {
    const target = `${dir}/${path}`;
    await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
    await Deno.copyFile(`${ROOT}${path}`, target).catch((error) => {
      // A file deleted in the working tree but not yet in the index.
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    });
  }
  return dir;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.test(`deno serve main.ts on ${signal} answers a request still arriving and exits 0 in time`, async () => {
    await using server = await denoServe();
    using request = await requestInProgress(server.url, TOOLS_LIST);
    const stopped = performance.now();
    Deno.kill(server.pid, signal);
    const answers = await request.finish();
    assert.deepEqual(answers.map(statusOf), [100, 200]);
    assert.match(answers[1], /"tools":\[/);
    const { code } = await server.status;
    assert.equal(code, 0);
    assert.ok(performance.now() - stopped < DEPLOY_STOP_MS, "not stopped within Deploy's grace");
  });
}

Deno.test("deno serve main.ts serves the view from the repository's files alone, nothing built", async () => {
  const dir = await repositoryCopy();
  try {
    await using server = await denoServe(dir);
    const listed = await postJsonRpc(fetch, server.url, TOOLS_LIST);
    const { result: { tools: [tool] } } = await listed.json();
    const uri = tool._meta.ui.resourceUri;
    const read = await postJsonRpc(fetch, server.url, {
      jsonrpc: "2.0",
      id: 2,
      method: "resources/read",
      params: { uri },
    });
    assert.equal(read.status, 200);
    const { result: { contents: [view] } } = await read.json();
    assert.equal(view.uri, uri);
    assert.equal(view.mimeType, "text/html;profile=mcp-app");
    assert.match(view.text, /^<!doctype html>/i);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
