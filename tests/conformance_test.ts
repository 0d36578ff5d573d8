/**
 * The MCP conformance client (`@modelcontextprotocol/conformance`) against the running server:
 * the 2025-era scenarios of 0.1.16 and the 2026-07-28 scenarios of 0.2.0-alpha.12 that apply to
 * a server of tools and resources. Every check passes, except the few listed in
 * {@linkcode NOT_APPLICABLE}, each with the error that shows why it cannot pass here.
 *
 * Each client runs its whole suite once, in one process, and writes a report per scenario; the
 * scenarios that need the suite's own fixture tools fail there and are not read. One process a
 * suite, not one a scenario, is what keeps this test fast: starting a client costs more than
 * all its scenarios.
 */

import assert from "node:assert/strict";
import { createTestServer } from "./support/http_server.ts";

const CONFIG = new URL("../deno.dev.json", import.meta.url).pathname;
const SUITES = [
  {
    client: "npm:@modelcontextprotocol/conformance@0.1.16",
    args: [],
    scenarios: [
      "server-initialize",
      "ping",
      "tools-list",
      "resources-list",
      "dns-rebinding-protection",
    ],
  },
  {
    client: "npm:@modelcontextprotocol/conformance@0.2.0-alpha.12",
    // The 2026-07-28 scenarios are in the suite only with every stage of it.
    args: ["--suite", "all", "--spec-version", "2026-07-28"],
    scenarios: [
      "server-stateless",
      "caching",
      "http-header-validation",
      "sep-2164-resource-not-found",
      "tools-list",
      "resources-list",
      "dns-rebinding-protection",
    ],
  },
];

/** Checks that cannot pass against this server, and the error that shows why. */
const NOT_APPLICABLE: { check: RegExp; error: RegExp }[] = [
  // The check needs the suite's own diagnostic tools (test_missing_capability and the like).
  { check: /^sep-2575-/, error: /^Not testable: server does not list the diagnostic tool/ },
  // The server offers no prompts and so declares no prompts capability: prompts/list is not
  // a method it implements.
  { check: /^sep-2549-prompts-list-caching-hints$/, error: /-32601: Method not found/ },
  // The suite calls the first listed tool with empty arguments. The padded Mcp-Name header was
  // accepted (the call reached the tool), and render_results rightly refuses arguments without
  // `results`.
  {
    check: /^sep-2243-server-accepts-whitespace-header-value$/,
    error: /"code":-32602,"message":"Invalid results: is required\."/,
  },
];

const RUN_TIMEOUT_MS = 90_000;
const WARM_UP_TIMEOUT_MS = 20_000;

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  errorMessage?: string;
}

/** Runs a conformance client with `args` in `cwd`, killing it after `timeoutMs`. */
async function runClient(client: string, args: string[], cwd: string, timeoutMs: number) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "--config", CONFIG, client, ...args],
    cwd,
    env: { NO_COLOR: "1" },
    stdin: "null",
    signal: AbortSignal.timeout(timeoutMs),
  }).output();
  const decoder = new TextDecoder();
  return { code, output: decoder.decode(stdout) + decoder.decode(stderr) };
}

/**
 * Loads a client once before its scenarios. On a fresh Deno cache, after other tests have
 * loaded the SDK, the client's first start can hang while loading one of its dependencies (an
 * ES module required from CommonJS); a killed first start leaves the cache in a state from which
 * the next start works. Any failure here shows again, with its output, in the scenarios.
 */
async function warmUp(client: string, cwd: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { code } = await runClient(client, ["list"], cwd, WARM_UP_TIMEOUT_MS);
    if (code === 0) return;
  }
}

/** The checks of each scenario a suite ran, by scenario, and what its client printed. */
interface SuiteRun {
  reports: Map<string, Check[]>;
  output: string;
}

/** A report's folder: `server-<scenario>-<time>`. */
const REPORT_DIR = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/;

/** Runs a client's suite with `args` against `url` in a folder of its own, and reads its reports. */
async function runSuite(client: string, args: string[], url: URL, workDir: string) {
  const cwd = await Deno.makeTempDir({ dir: workDir });
  const outDir = `${cwd}/out`;
  const { output } = await runClient(
    client,
    ["server", "--url", url.href, ...args, "--output-dir", outDir],
    cwd,
    RUN_TIMEOUT_MS,
  );
  const reports = new Map<string, Check[]>();
  try {
    for await (const entry of Deno.readDir(outDir)) {
      const scenario = entry.name.match(REPORT_DIR)?.[1];
      if (scenario === undefined) continue;
      const checks = await Deno.readTextFile(`${outDir}/${entry.name}/checks.json`);
      reports.set(scenario, JSON.parse(checks));
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return { reports, output };
}

Deno.test("the conformance clients pass every scenario that applies to this server", async (t) => {
  await using server = await createTestServer();
  const url = server.listen();
  // The clients write their reports into the working directory.
  const workDir = await Deno.makeTempDir({ prefix: "conformance-" });
  try {
    await Promise.all(SUITES.map(({ client }) => warmUp(client, workDir)));
    const runs: SuiteRun[] = await Promise.all(
      SUITES.map(({ client, args }) => runSuite(client, args, url, workDir)),
    );
    for (const [index, { client, scenarios }] of SUITES.entries()) {
      const version = client.slice(client.lastIndexOf("@") + 1);
      const { reports, output } = runs[index];
      for (const scenario of scenarios) {
        await t.step(`${version} ${scenario}`, () => {
          const checks = reports.get(scenario);
          assert.ok(checks, `no report of ${scenario} from the conformance client:\n${output}`);
          assert.ok(checks.some((check) => check.status === "SUCCESS"), output);
          const unexpected = checks.filter((check) =>
            (check.status === "FAILURE" || check.status === "WARNING") &&
            !NOT_APPLICABLE.some(({ check: id, error }) =>
              id.test(check.id) && error.test(check.errorMessage ?? "")
            )
          );
          assert.deepEqual(unexpected, [], JSON.stringify(checks, null, 2));
        });
      }
    }
  } finally {
    await Deno.remove(workDir, { recursive: true });
  }
});
