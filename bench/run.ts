/**
 * The load bench (`deno task bench`): the server as `deno task start` runs it against a plain
 * `Deno.serve` ceiling that sends the same bytes, on the calls users send, in alternating rounds;
 * then cold start against a typical SDK server, peak memory and the view's size. Writes
 * `bench/RESULTS.md` with PASS or FAIL per target and prints it; exits non-zero only when it
 * could not measure.
 * @module
 */

import denoJson from "../deno.json" with { type: "json" };
import { VIEW_HTML } from "render-results-mcp";
import { measureColdStarts } from "./cold_start.ts";
import { compareServers, type RoundPlan } from "./compare.ts";
import { requireWrk } from "./load.ts";
import {
  type BenchFigures,
  CEILING,
  checkTargets,
  PROJECT,
  QUIET,
  renderReport,
} from "./report.ts";
import { residentBytes, type ServerCommand, startServer, startTask } from "./servers.ts";
import { viewSize } from "./view_size.ts";
import { checkedAnswer, makeWorkloads, type Workload } from "./workloads.ts";

const OUT = new URL("./out/", import.meta.url);
const RESULTS = new URL("./RESULTS.md", import.meta.url);
const PLAN: RoundPlan = { rounds: 5, seconds: 4, warmupSeconds: 2, connections: 16 };
const COLD_STARTS = 10;

/** The typical server: one file, `deno run`, as servers built the common way are started. */
const TYPICAL: ServerCommand = {
  name: "typical",
  args: [
    "run",
    "--config",
    "deno.dev.json",
    "--allow-net=127.0.0.1",
    "--allow-read",
    "--allow-env",
    "bench/typical_server.ts",
  ],
  env: { PORT: "0" },
  ready: /typical server on (http:\/\/[^\s/]+)/,
};

function log(message: string): void {
  console.error(message);
}

/** Every workload on the server, its quiet variant and the ceiling; then each one's peak memory. */
async function measureLoads(
  workloads: Workload[],
): Promise<Pick<BenchFigures, "workloads" | "peakRss">> {
  await Deno.mkdir(OUT, { recursive: true });
  await using project = await startServer(startTask({}, PROJECT));
  await using quiet = await startServer(startTask({ LOG_LEVEL: "warn" }, QUIET));
  const answers: Record<string, unknown> = {};
  for (const workload of workloads) {
    answers[workload.name] = JSON.parse(await checkedAnswer(project.url, workload));
  }
  const answersFile = new URL("answers.json", OUT).pathname;
  await Deno.writeTextFile(answersFile, JSON.stringify(answers));
  await using ceiling = await startServer({
    name: CEILING,
    args: ["run", "-A", "bench/ceiling_server.ts", answersFile],
    ready: /ceiling server on (http:\/\/[^\s/]+)/,
  });
  const servers = [project, ceiling, quiet];
  const figures = [];
  for (const workload of workloads) {
    const bytes = await Promise.all(servers.map(({ url }) => checkedAnswer(url, workload)));
    if (bytes.some((text) => text !== bytes[0])) {
      throw new Error(`The servers answer ${workload.name} with different bytes.`);
    }
    const bodyFile = new URL(`${workload.name}.json`, OUT).pathname;
    await Deno.writeTextFile(bodyFile, workload.body);
    log(
      `${workload.label} (${workload.argumentsBytes.toLocaleString("en-US")} bytes of arguments)`,
    );
    figures.push({
      workload,
      servers: await compareServers(servers, workload, bodyFile, PLAN, log),
    });
  }
  const peakRss = new Map<string, number>();
  for (const server of servers) peakRss.set(server.name, (await residentBytes(server.pid)).peak);
  return { workloads: figures, peakRss };
}

async function machineLine(): Promise<string> {
  const cpuinfo = await Deno.readTextFile("/proc/cpuinfo").catch(() => "");
  const cpu = cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1] ?? Deno.build.arch;
  const memory = Deno.systemMemoryInfo().total / 2 ** 30;
  return `${cpu}, ${navigator.hardwareConcurrency} CPUs, ${memory.toFixed(1)} GiB RAM, ` +
    `${Deno.build.os} ${Deno.osRelease()}, Deno ${Deno.version.deno} (V8 ${Deno.version.v8})`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = Deno.loadavg()[0];
  const wrk = await requireWrk();
  const measured = await measureLoads(makeWorkloads());
  log(`cold start, ${COLD_STARTS} runs of each server`);
  const cold = await measureColdStarts([startTask({}, PROJECT), TYPICAL], COLD_STARTS);
  const figures: BenchFigures = {
    machine: await machineLine(),
    date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
    setup: [
      `Load: ${wrk}, one thread, ${PLAN.connections} connections on 127.0.0.1. On each ` +
      `workload every server runs ${PLAN.rounds} rounds of ${PLAN.seconds} s, taking turns ` +
      "(each round starting with the next server), after a warm-up in which wrk checks every " +
      "answer for the workload's result; in the timed rounds wrk counts answers of HTTP 400 and " +
      "above as wrong, and one answer is checked in full after each round.",
      "Server: `deno task start` itself (`" + denoJson.tasks.start + "`) with only `PORT=0` " +
      "and `MCP_HOSTNAME=127.0.0.1` set, so request logs are on at the default " +
      "`LOG_LEVEL=info`, one JSON line per request on stderr, which the bench reads and drops as " +
      `a log collector would. Beside it, labelled, "${QUIET}": the same with request logs off.`,
      "Ceiling: a plain `Deno.serve` (`deno run -A bench/ceiling_server.ts`, no V8 flags) that " +
      "parses the body and answers the server's own answer with the request's id: the same " +
      "bytes, compared before the rounds, without the tool's work.",
      "Cold start: `deno task start` (its build check included) and the typical server " +
      "(`bench/typical_server.ts`: `McpServer` with zod schemas behind the v2 SDK's " +
      `\`createMcpHandler\`, \`deno run\`) in turns, ${COLD_STARTS} each, from spawn to the ` +
      "first answered `tools/list`.",
      `Total time of this run: ${Math.round((performance.now() - started) / 1000)} s. The ` +
      `load average (1 minute) was ${loadBefore.toFixed(2)} at its start and ` +
      `${Deno.loadavg()[0].toFixed(2)} at its end, on ${navigator.hardwareConcurrency} CPUs; ` +
      "above the number of CPUs other work shared them, and CPU per request is the steadier " +
      "figure.",
    ],
    workloads: measured.workloads,
    coldStartMs: { project: cold.get(PROJECT)!, typical: cold.get(TYPICAL.name)! },
    peakRss: measured.peakRss,
    view: await viewSize(VIEW_HTML),
  };
  const targets = checkTargets(figures);
  await Deno.writeTextFile(RESULTS, renderReport(figures, targets));
  await new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--quiet", "--config", "deno.dev.json", RESULTS.pathname],
    cwd: new URL("..", import.meta.url),
  }).output();
  console.log(await Deno.readTextFile(RESULTS));
}

await main();
