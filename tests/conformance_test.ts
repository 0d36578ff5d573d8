/**
 * The MCP conformance client (`@modelcontextprotocol/conformance`) against the running server,
 * for the scenarios that apply to any server.
 */

import assert from "node:assert/strict";
import { startTestServer } from "./support/http_server.ts";

const CONFIG = new URL("../deno.json", import.meta.url).pathname;
const CLIENT = "npm:@modelcontextprotocol/conformance@0.1.16";
const SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "resources-list",
  "dns-rebinding-protection",
];
const RUN_TIMEOUT_MS = 60_000;
const WARM_UP_TIMEOUT_MS = 20_000;

/** Runs the conformance client with `args` in `cwd`, killing it after `timeoutMs`. */
async function runClient(args: string[], cwd: string, timeoutMs: number) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "--config", CONFIG, CLIENT, ...args],
    cwd,
    env: { NO_COLOR: "1" },
    stdin: "null",
    signal: AbortSignal.timeout(timeoutMs),
  }).output();
  const decoder = new TextDecoder();
  return { code, output: decoder.decode(stdout) + decoder.decode(stderr) };
}

/**
 * Loads the client once before the scenarios. On a fresh Deno cache, after other tests have
 * loaded the SDK, the client's first start can hang while loading one of its dependencies (an
 * ES module required from CommonJS); a killed first start leaves the cache in a state from which
 * the next start works. Any failure here shows again, with its output, in the scenarios.
 */
async function warmUp(cwd: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { code } = await runClient(["list"], cwd, WARM_UP_TIMEOUT_MS);
    if (code === 0) return;
  }
}

Deno.test("the conformance client passes the server scenarios", async (t) => {
  await using server = await startTestServer();
  // The client writes its reports into the working directory.
  const workDir = await Deno.makeTempDir({ prefix: "conformance-" });
  try {
    await warmUp(workDir);
    for (const scenario of SCENARIOS) {
      await t.step(scenario, async () => {
        const { code, output } = await runClient(
          ["server", "--url", server.url.href, "--scenario", scenario],
          workDir,
          RUN_TIMEOUT_MS,
        );
        const summary = output.match(/Passed: (\d+)\/(\d+), (\d+) failed/);
        assert.ok(summary, `no summary from the conformance client (exit ${code}):\n${output}`);
        const [, passed, total, failed] = summary.map(Number);
        assert.equal(failed, 0, output);
        assert.ok(total > 0 && passed === total, output);
        assert.equal(code, 0, output);
      });
    }
  } finally {
    await Deno.remove(workDir, { recursive: true });
  }
});
