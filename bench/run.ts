/**
 * The benchmark (`deno task bench`): the project's server against a bare `Deno.serve` ceiling
 * and a typical `McpServer` on six workloads, then cold start, peak RSS, view size and
 * `deno serve --parallel` scaling. Writes `bench/RESULTS.md` and prints PASS/FAIL per target;
 * exits 0 whatever the figures (it is a report), non-zero only when it could not measure.
 * @module
 */

import { VIEW_HTML } from "render-results-mcp";
import { measureColdStarts } from "./cold_start.ts";
import { compareServers, type Contender, type RoundPlan } from "./compare.ts";
import { loadGeneratorName } from "./load.ts";
import { hasChromium } from "../tests/support/browser_host.ts";
import {
  type BenchFigures,
  CEILING,
  CEILING_UNCHECKED,
  checkTargets,
  PROJECT,
  renderReport,
  TYPICAL,
  type WorkloadFigures,
} from "./report.ts";
import {
  freePort,
  PROJECT_READY,
  projectCommand,
  readMemory,
  type ServerCommand,
  type ServerProcess,
  startServer,
} from "../tests/support/server_process.ts";
import { readStartTask } from "../tests/support/start_task.ts";
import { SAMPLE_PAUSE_MS } from "./sampler.ts";
import { measureToolWork } from "./tool_work.ts";
import { answerMarker, type InvalidStyle, verifyAnswer } from "./verify.ts";
import { measureViewPaint } from "./view_paint.ts";
import { viewSize } from "./view_size.ts";
import { makeWorkloads, type Workload } from "./workloads.ts";

const OUT = new URL("./out/", import.meta.url);
const RESULTS = new URL("./RESULTS.md", import.meta.url);
const START = readStartTask();
// The ceiling runs with the V8 flags the server is started with, so tuning them cannot widen
// the gap; the typical server keeps the defaults, as servers built the common way do.
const V8_FLAGS = START.flags.filter((flag) => flag.startsWith("--v8-flags"));
const LOG_LEVEL = "warn";
const CONNECTIONS = 16;
const MAIN_PLAN: RoundPlan = { rounds: 3, seconds: 5, warmupSeconds: 2, connections: CONNECTIONS };
/** The workloads measured with `MAIN_PLAN`: the targeted calls. */
const MAIN_WORKLOADS = new Set([
  "results_50",
  "results_50_modern",
  "results_50_ascii",
  "results_0",
]);
/**
 * The workload on which the ceiling runs with and without the checks, back to back, to show that
 * checking answers does not bound the load generator: the one with the highest rate, where a cost
 * per answer shows most.
 */
const CHECK_COST_WORKLOAD = "results_0";
/** Short rounds, each pair back to back, their order alternating. */
const CHECK_COST_PLAN: RoundPlan = {
  rounds: 6,
  seconds: 2,
  warmupSeconds: 1,
  connections: CONNECTIONS,
};
/** The last of the 50-result calls: peak RSS is read after it, before the other workloads. */
const MEMORY_AFTER = "results_50_ascii";
const OTHER_PLAN: RoundPlan = { rounds: 2, seconds: 3, warmupSeconds: 1, connections: CONNECTIONS };
const PARALLEL_PLAN: RoundPlan = {
  rounds: 2,
  seconds: 5,
  warmupSeconds: 2,
  connections: CONNECTIONS,
};
const COLD_STARTS = 10;
const VIEW_PAINTS = 15;

const PROJECT_COMMAND: ServerCommand = { ...projectCommand({ LOG_LEVEL }), name: PROJECT };

/** The project's server started as users start it, `deno task start`, for cold starts. */
const START_TASK_COMMAND: ServerCommand = {
  name: PROJECT,
  args: ["task", "start"],
  env: { PORT: "0", MCP_HOSTNAME: "127.0.0.1", LOG_LEVEL },
  ready: PROJECT_READY,
};

/** The typical server: one file, `deno run`. */
const TYPICAL_COMMAND: ServerCommand = {
  name: TYPICAL,
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

// Every server started is stopped at the end, on failure and on Ctrl-C.
const running = new Set<ServerProcess>();

async function start(command: ServerCommand): Promise<ServerProcess> {
  const server = await startServer(command);
  running.add(server);
  return server;
}

async function stop(server: ServerProcess): Promise<void> {
  running.delete(server);
  await server.stop();
}

async function stopAll(): Promise<void> {
  await Promise.all([...running].map(stop));
}

const SIGNALS = ["SIGINT", "SIGTERM"] as const;
const onSignal = () => stopAll().finally(() => Deno.exit(130));

async function machineLine(): Promise<string> {
  const cpuinfo = await Deno.readTextFile("/proc/cpuinfo").catch(() => "");
  const cpu = cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1] ?? Deno.build.arch;
  const memory = Deno.systemMemoryInfo().total / 2 ** 30;
  return `${cpu}, ${navigator.hardwareConcurrency} CPUs, ${memory.toFixed(1)} GiB RAM, ` +
    `${Deno.build.os} ${Deno.osRelease()}, Deno ${Deno.version.deno} (V8 ${Deno.version.v8})`;
}

/** Writes each workload's body to a file for the load generators. */
async function writeBodies(workloads: Workload[]): Promise<Map<string, string>> {
  await Deno.mkdir(OUT, { recursive: true });
  const files = new Map<string, string>();
  for (const workload of workloads) {
    const file = new URL(`${workload.name}.json`, OUT).pathname;
    await Deno.writeTextFile(file, workload.body);
    files.set(workload.name, file);
  }
  return files;
}

async function measureWorkloads(
  workloads: Workload[],
  bodies: Map<string, string>,
): Promise<Pick<BenchFigures, "workloads" | "memory" | "checkCost">> {
  const project = await start(PROJECT_COMMAND);
  // The ceiling answers with the project's own (verified) answers, so both send the same bytes.
  const answers: Record<string, unknown> = {};
  for (const workload of workloads) {
    answers[workload.name] = await verifyAnswer(project.url, workload, "json-rpc-error");
  }
  const answersFile = new URL("fixed_answers.json", OUT).pathname;
  await Deno.writeTextFile(answersFile, JSON.stringify(answers));
  const ceiling = await start({
    name: CEILING,
    args: [
      "run",
      "--allow-net=127.0.0.1",
      "--allow-read",
      ...V8_FLAGS,
      "bench/ceiling_server.ts",
      answersFile,
    ],
    ready: /ceiling server on (http:\/\/[^\s/]+)/,
  });
  const typical = await start(TYPICAL_COMMAND);
  const styles: [ServerProcess, InvalidStyle][] = [
    [project, "json-rpc-error"],
    [ceiling, "json-rpc-error"],
    [typical, "is-error-result"],
  ];
  const figures: WorkloadFigures[] = [];
  let memory: BenchFigures["memory"] = { project: undefined, typical: undefined };
  let checkCost: BenchFigures["checkCost"] | undefined;
  for (const workload of workloads) {
    log(
      `${workload.label} (${workload.argumentsBytes.toLocaleString("en-US")} bytes of arguments)`,
    );
    const contenders: Contender[] = [];
    for (const [server, style] of styles) {
      await verifyAnswer(server.url, workload, style);
      contenders.push({
        name: server.name,
        url: server.url,
        marker: answerMarker(workload, style),
        check: () => verifyAnswer(server.url, workload, style),
        pid: server.pid,
      });
    }
    const plan = MAIN_WORKLOADS.has(workload.name) ? MAIN_PLAN : OTHER_PLAN;
    const request = { bodyFile: bodies.get(workload.name)!, headers: workload.headers };
    const servers = await compareServers(contenders, request, plan, log);
    figures.push({ workload, servers });
    if (workload.name === CHECK_COST_WORKLOAD) {
      log(`the ceiling with and without the checks, ${workload.label}`);
      const checked = contenders.find(({ name }) => name === CEILING)!;
      const unchecked = { ...checked, name: CEILING_UNCHECKED, check: undefined };
      const rates = await compareServers([checked, unchecked], request, CHECK_COST_PLAN, log);
      checkCost = {
        workload,
        checked: rates.get(CEILING)!,
        unchecked: rates.get(CEILING_UNCHECKED)!,
      };
    }
    if (workload.name === MEMORY_AFTER) {
      memory = { project: await readMemory(project.pid), typical: await readMemory(typical.pid) };
    }
  }
  await Promise.all([project, ceiling, typical].map(stop));
  return { workloads: figures, memory, checkCost: checkCost! };
}

async function measureParallel(
  workload: Workload,
  bodyFile: string,
): Promise<BenchFigures["parallel"]> {
  log("deno serve --parallel, 1 and 2 workers");
  const contenders: Contender[] = [];
  const servers: ServerProcess[] = [];
  for (const jobs of [1, 2]) {
    const server = await start({
      name: `${jobs} worker${jobs === 1 ? "" : "s"}`,
      args: [
        "serve",
        "--parallel",
        "--allow-net",
        "--allow-env",
        "--allow-read",
        ...V8_FLAGS,
        "--host",
        "127.0.0.1",
        "--port",
        String(freePort()),
        "main.ts",
      ],
      env: { ...START.env, DENO_JOBS: String(jobs), MCP_HOSTNAME: "127.0.0.1", LOG_LEVEL },
      ready: /Listening on (http:\/\/[^\s/]+)\//,
    });
    servers.push(server);
    await verifyAnswer(server.url, workload, "json-rpc-error");
    contenders.push({
      name: server.name,
      url: server.url,
      marker: answerMarker(workload, "json-rpc-error"),
      check: () => verifyAnswer(server.url, workload, "json-rpc-error"),
      pid: server.pid,
    });
  }
  const figures = await compareServers(
    contenders,
    { bodyFile, headers: workload.headers },
    PARALLEL_PLAN,
    log,
  );
  await Promise.all(servers.map(stop));
  return { one: figures.get(contenders[0].name)!, two: figures.get(contenders[1].name)! };
}

/** The machine's load average over the last minute, from `/proc/loadavg`, if it can be read. */
async function loadAverage(): Promise<string> {
  const text = await Deno.readTextFile("/proc/loadavg").catch(() => "");
  return text.split(" ")[0] || "unknown";
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = await loadAverage();
  const workloads = makeWorkloads();
  const bodies = await writeBodies(workloads);
  const measured = await measureWorkloads(workloads, bodies);
  log(`cold start, ${COLD_STARTS} runs of each server`);
  const coldStarts = await measureColdStarts([START_TASK_COMMAND, TYPICAL_COMMAND], COLD_STARTS);
  const coldStartMs = { project: coldStarts.get(PROJECT)!, typical: coldStarts.get(TYPICAL)! };
  const parallel = await measureParallel(workloads[0], bodies.get(workloads[0].name)!);
  let viewPaint: BenchFigures["viewPaint"];
  if (await hasChromium()) {
    log(`view paint, ${VIEW_PAINTS} runs`);
    viewPaint = await measureViewPaint(VIEW_PAINTS);
  } else {
    log("view paint skipped: no Chromium at /usr/bin/chromium");
  }
  log("the tool's own work per call, in this process");
  const toolWork = measureToolWork();
  const figures: BenchFigures = {
    machine: await machineLine(),
    date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
    setup: [
      `Load: ${await loadGeneratorName()}, ${CONNECTIONS} connections on 127.0.0.1, a separate ` +
      "process. Answers checked: in each server's warm-up every answer, for HTTP 200 and the " +
      "expected `total` or error in its body; in the timed rounds, where a check of every answer " +
      "in wrk's Lua would bound its rate, every answer's status (400 and above counts as wrong) " +
      `and a sample, one request at a time ${SAMPLE_PAUSE_MS} ms apart on a connection of its ` +
      "own, each answer checked in full by the bench.",
      `Rounds: the targeted calls ${MAIN_PLAN.rounds} x ${MAIN_PLAN.seconds} s per server, the ` +
      `other workloads ${OTHER_PLAN.rounds} x ${OTHER_PLAN.seconds} s, servers alternating, after ` +
      "an unmeasured warm-up.",
      `Server under test: \`${
        Object.entries(START.env).map(([name, value]) => `${name}=${value} `).join("")
      }deno ${PROJECT_COMMAND.args.join(" ")}\` as \`deno task start\` ` +
      `runs it, with LOG_LEVEL=${LOG_LEVEL} (no per-request log lines); cold starts spawn ` +
      "`deno task start` itself, its build check included, against the typical server's " +
      "`deno run`, taking turns.",
      "Ceiling: bare `Deno.serve` that parses the body and answers a fixed result with the " +
      "request's id, the result being the project's own answer to the workload, so it sends " +
      "the same bytes without doing the tool's work" +
      (V8_FLAGS.length > 0 ? `; it runs with the same ${V8_FLAGS.join(" ")}.` : "."),
      "Typical: `McpServer.registerTool` with zod input and output schemas behind the v2 SDK's " +
      "`createMcpHandler`, a new server per request, as the SDK's guide for web-standard " +
      "runtimes shows; it answers 2025-era calls as one server-sent event " +
      "(`bench/typical_server.ts`).",
      `Total time of this run: ${Math.round((performance.now() - started) / 1000)} s. The ` +
      `machine's load average (1 minute) was ${loadBefore} at its start and ${await loadAverage()} ` +
      `at its end, on ${navigator.hardwareConcurrency} CPUs; a load above the number of CPUs ` +
      "means other work shared them, and then CPU time per request is the steadier figure.",
    ],
    workloads: measured.workloads,
    checkCost: measured.checkCost,
    coldStartMs,
    memory: measured.memory,
    viewPaint,
    view: await viewSize(VIEW_HTML),
    parallel,
    toolWork,
  };
  const targets = checkTargets(figures);
  const report = renderReport(figures, targets);
  await Deno.writeTextFile(RESULTS, report);
  await new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--quiet", "--config", "deno.dev.json", RESULTS.pathname],
    cwd: new URL("..", import.meta.url),
  }).output();
  console.log(await Deno.readTextFile(RESULTS));
  for (const { target, measured, pass } of targets) {
    console.log(`${pass ? "PASS" : "FAIL"}  ${target}: ${measured}`);
  }
}

for (const signal of SIGNALS) Deno.addSignalListener(signal, onSignal);
try {
  await main();
} finally {
  await stopAll();
  for (const signal of SIGNALS) Deno.removeSignalListener(signal, onSignal);
}
