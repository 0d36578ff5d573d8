/**
 * Log lines held to be written together still reach stderr however the process
 * ends: a stop that exits, an uncaught error, an unhandled rejection, or an end with nothing
 * left to do; through `console` and written to stderr directly alike.
 */

import assert from "node:assert/strict";

const LOG = new URL("./log.ts", import.meta.url).href;

/**
 * Runs `ending` after three log lines in a process of its own, written to stderr directly when
 * `direct`; its exit code and stderr.
 */
async function linesBefore(
  ending: string,
  direct: boolean,
): Promise<{ code: number; lines: string[] }> {
  const script = `import { writeLogLine, writeLogsToStderr } from "${LOG}";
${direct ? "writeLogsToStderr();" : ""}
for (let i = 0; i < 3; i++) writeLogLine("info", "line " + i);
${ending}`;
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--no-check", script],
    env: { NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).output();
  const lines = new TextDecoder().decode(stderr).split("\n").filter((line) => line.startsWith("{"));
  return { code, lines: lines.map((line) => JSON.parse(line).message) };
}

for (
  const [name, ending, exitCode] of [
    ["an exit", "Deno.exit(3);", 3],
    ["an uncaught error", "throw new Error('failed');", 1],
    ["an unhandled rejection", "Promise.reject(new Error('failed'));", 1],
    ["the end of the work", "", 0],
  ] as const
) {
  for (const direct of [false, true]) {
    const through = direct ? "to stderr directly" : "through console";
    Deno.test(`held log lines are written ${through} before ${name} ends the process`, async () => {
      const { code, lines } = await linesBefore(ending, direct);
      assert.equal(code, exitCode);
      assert.deepEqual(lines, ["line 0", "line 1", "line 2"]);
    });
  }
}

Deno.test("a request's line is the JSON of its record, escapes and absent fields included", async () => {
  const records = [
    { method: "POST", path: "/mcp", status: 200, durationMs: 1.23456 },
    {
      method: "POST",
      path: '/m"c\\p\n\u2028',
      status: 400,
      durationMs: 0,
      rpcMethod: "tools/call\u0000\ud800",
      tool: "render_results",
      principal: "sha256:ab",
    },
    { method: "GET", path: "/", status: 404, durationMs: 12, tool: "x" },
  ];
  const script = `import { Logger } from "${LOG}";
const logger = new Logger("info");
for (const record of ${JSON.stringify(records)}) logger.request(record);`;
  const { stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--no-check", script],
    stdout: "null",
    stderr: "piped",
  }).output();
  const lines = new TextDecoder().decode(stderr).trimEnd().split("\n");
  assert.equal(lines.length, records.length);
  lines.forEach((line, i) => {
    const { time } = JSON.parse(line);
    assert.match(time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const durationMs = Math.round(records[i].durationMs * 100) / 100;
    assert.equal(line, JSON.stringify({ time, level: "info", ...records[i], durationMs }));
  });
});
