/**
 * The MCP conformance client (`@modelcontextprotocol/conformance`) against the running server,
 * for the scenarios that apply to any server.
 */

import assert from "node:assert/strict";
import { startTestServer } from "./support/http_server.ts";

const CONFIG = new URL("../deno.json", import.meta.url).pathname;
const SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "resources-list",
  "dns-rebinding-protection",
];

Deno.test("the conformance client passes the server scenarios", async (t) => {
  await using server = await startTestServer();
  // The client writes its reports into the working directory.
  const workDir = await Deno.makeTempDir({ prefix: "conformance-" });
  try {
    for (const scenario of SCENARIOS) {
      await t.step(scenario, async () => {
        const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
          args: [
            "run",
            "--allow-all",
            "--config",
            CONFIG,
            "npm:@modelcontextprotocol/conformance@0.1.16",
            "server",
            "--url",
            server.url.href,
            "--scenario",
            scenario,
          ],
          cwd: workDir,
          env: { NO_COLOR: "1" },
          stdin: "null",
        }).output();
        const output = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
        const summary = output.match(/Passed: (\d+)\/(\d+), (\d+) failed/);
        assert.ok(summary, `no summary from the conformance client:\n${output}`);
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
