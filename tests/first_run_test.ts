/**
 * What a first run meets, with the server started as `deno task start` starts it: a port that is
 * taken, an address that is not this machine's and a missing permission each end the start with
 * one line that names the setting and what to do, and no stack; the README's `curl` gets an
 * answer; `deno task dev` ends on the first SIGTERM; `npx -y deno task start` stops gracefully
 * when its process group is told to stop, as Ctrl+C tells it.
 * @module
 */

import assert from "node:assert/strict";
import { statusOf } from "@render-results/http1/testing";
import { logLines } from "./support/mcp_http.ts";
import {
  PROJECT_READY,
  projectCommand,
  requestInProgress,
  runToExit,
  type ServerCommand,
  startProject,
  startServer,
} from "./support/server_process.ts";

const ROOT = new URL("../", import.meta.url);

const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

/** How long a stopped process may take to end, from the signal. */
const STOP_DEADLINE_MS = 10_000;

/** Starts `command`, which must refuse to start; returns its one error line. */
async function refusal(command: ServerCommand): Promise<string> {
  const { code, stderr } = await runToExit(command);
  assert.equal(code, 1, stderr);
  assert.doesNotMatch(stderr, /^\s+at /m, "a stack trace was printed");
  assert.equal(stderr.trim().split("\n").length, 1, stderr);
  const lines = logLines(stderr);
  assert.equal(lines[0].level, "error");
  return String(lines[0].message);
}

/** The start task's command without the permission `flag`. */
function without(flag: string): ServerCommand {
  const command = projectCommand();
  return { ...command, args: command.args.filter((arg) => arg !== flag) };
}

/** Whether something accepts connections on `url`'s port. */
async function accepts(url: URL): Promise<boolean> {
  try {
    (await Deno.connect({ hostname: url.hostname, port: Number(url.port) })).close();
    return true;
  } catch {
    return false;
  }
}

/** Resolves as `status` does, or fails once the stop deadline has passed. */
async function ended<T>(status: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("still running after the signal")), STOP_DEADLINE_MS);
  });
  try {
    return await Promise.race([status, late]);
  } finally {
    clearTimeout(timer);
  }
}

Deno.test("a port already in use stops the start with one line naming PORT and the way out", async () => {
  using taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = taken.addr;
  const message = await refusal(projectCommand({ PORT: String(port) }));
  assert.equal(
    message,
    `PORT ${port} is already in use on 127.0.0.1: stop the program that holds it, ` +
      "or set PORT to another port (PORT=0 picks a free one).",
  );
});

Deno.test("an address that is not this machine's, or no address, stops the start naming MCP_HOSTNAME", async () => {
  // 192.0.2.1 is reserved for documentation, so no machine has it; `.invalid` never resolves.
  assert.match(
    await refusal(projectCommand({ MCP_HOSTNAME: "192.0.2.1" })),
    /^MCP_HOSTNAME 192\.0\.2\.1 is not an address of this machine: set it to one, such as 127\.0\.0\.1/,
  );
  assert.match(
    await refusal(projectCommand({ MCP_HOSTNAME: "render-results.invalid" })),
    /^MCP_HOSTNAME render-results\.invalid does not resolve to an address: set it to an address/,
  );
});

Deno.test("a missing permission stops the start with one line naming the flag to add", async () => {
  assert.match(await refusal(without("--allow-net")), /run it with --allow-net/);
  assert.match(await refusal(without("--allow-env")), /run again with the --allow-env flag/);
});

Deno.test("the README's curl gets the tool's answer from the started server", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", ROOT));
  const block = readme.match(/```sh\n(curl [^`]*)```/)?.[1];
  assert.ok(block, "the README has no curl block");
  assert.match(block, /-H 'Accept: application\/json, text\/event-stream'/);
  await using server = await startProject({ LOG_LEVEL: "warn" });
  const command = block.replaceAll("http://127.0.0.1:8000", server.url.origin);
  const { success, stdout } = await new Deno.Command("sh", {
    args: ["-c", command],
    stderr: "inherit",
  }).output();
  assert.ok(success);
  const { result } = JSON.parse(new TextDecoder().decode(stdout));
  assert.match(result.content[0].text, /^1\. Deno$/m);
  assert.equal(result.structuredContent.total, 1);
});

Deno.test("deno task dev ends on the first SIGTERM, the server with it", async () => {
  await using dev = await startServer({
    name: "dev",
    args: ["task", "dev"],
    env: { PORT: "0", MCP_HOSTNAME: "127.0.0.1" },
    ready: PROJECT_READY,
  });
  assert.ok(await accepts(dev.url));
  Deno.kill(dev.pid, "SIGTERM");
  await ended(dev.status);
  assert.equal(await accepts(dev.url), false, "the server still listens");
});

Deno.test("npx -y deno task start, on SIGTERM to its process group, answers what is in progress and ends", async () => {
  // `setsid` gives npx a process group of its own, as a terminal gives a command it runs; the
  // server gets the signal twice, from the terminal and from `deno task`.
  await using start = await startServer({
    name: "npx start",
    program: "setsid",
    args: ["npx", "-y", "deno", "task", "start"],
    env: { PORT: "0", MCP_HOSTNAME: "127.0.0.1", PATH: Deno.env.get("PATH") ?? "" },
    ready: PROJECT_READY,
  });
  const group = -start.pid;
  try {
    using request = await requestInProgress(start.url, TOOLS_LIST);
    Deno.kill(group, "SIGTERM");
    await ended(start.status);
    const answers = await request.finish();
    assert.deepEqual(answers.map(statusOf), [100, 200]);
    assert.match(answers[1], /"tools":\[/);
    // Stopped once every process of the group has ended and closed its end of stderr.
    await ended(start.stop());
  } finally {
    try {
      Deno.kill(group, "SIGKILL");
    } catch {
      // Every process of the group has ended.
    }
  }
  assert.equal(await accepts(start.url), false, "the server still listens");
  const stops = logLines(start.stderr()).filter((line) => line.message === "Stopped on SIGTERM.");
  assert.equal(stops.length, 1, start.stderr());
  assert.equal(stops[0].cutOff, 0);
});
