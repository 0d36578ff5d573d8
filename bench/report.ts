/**
 * The load bench's targets and its report, `bench/RESULTS.md`.
 * @module
 */

import type { ServerFigures } from "./compare.ts";
import { median } from "./stats.ts";
import type { Workload } from "./workloads.ts";

/** The server as `deno task start` runs it. */
export const PROJECT = "project";
/** The same with request logs off, a tuned variant reported beside. */
export const QUIET = "project, LOG_LEVEL=warn";
/** The plain `Deno.serve` ceiling. */
export const CEILING = "ceiling";

/** Everything one run measured. */
export interface BenchFigures {
  /** CPU, cores, memory, OS, Deno. */
  machine: string;
  date: string;
  /** How the run was made, a sentence a line. */
  setup: string[];
  workloads: { workload: Workload; servers: Map<string, ServerFigures> }[];
  /** Spawn to first `tools/list`, in ms: `deno task start`, and the typical server. */
  coldStartMs: { project: number[]; typical: number[] };
  /** Peak resident memory of each server after its loads, in bytes, by name. */
  peakRss: Map<string, number>;
  /** The built view's bytes, raw and gzipped. */
  view: { raw: number; gzip: number };
}

/** One target: what was measured against what was asked. */
export interface TargetCheck {
  target: string;
  measured: string;
  goal: string;
  pass: boolean;
}

/** The least share of the ceiling's throughput, by workload; the others are reported only. */
const SHARES: Record<string, number> = { ascii: 0.5, ascii_modern: 0.5, none: 0.5 };
/** The most the p99 latency may be, as a multiple of the ceiling's, on every workload. */
const P99_LIMIT = 2.5;
/** The most the cold start may take, as a multiple of the typical server's. */
const COLD_START_LIMIT = 0.75;
/** The view's budget, raw and gzipped. */
const VIEW_LIMIT = { raw: 60 * 1024, gzip: 24 * 1024 };

/**
 * Checks the targets: the throughput share and the p99 against the ceiling's on each workload (a
 * wrong answer fails every throughput target), the cold start against the typical server's, and
 * the view's size.
 */
export function checkTargets(figures: BenchFigures): TargetCheck[] {
  const answersRight = figures.workloads.every(({ servers }) =>
    [...servers.values()].every(({ wrong }) => wrong === 0)
  );
  const calls = figures.workloads.flatMap(({ workload, servers }) => {
    const project = servers.get(PROJECT)!;
    const ceiling = servers.get(CEILING)!;
    const share = project.rps / ceiling.rps;
    const p99 = project.p99Ms / ceiling.p99Ms;
    const goal = SHARES[workload.name];
    return [
      ...goal === undefined ? [] : [{
        target: `${workload.label}: throughput / ceiling`,
        measured: `${percent(share)} (${rate(project.rps)} / ${rate(ceiling.rps)} req/s; CPU ` +
          `per request ${times(project.cpuMicrosPerRequest / ceiling.cpuMicrosPerRequest)})`,
        goal: `at least ${percent(goal)}`,
        pass: answersRight && share >= goal,
      }],
      {
        target: `${workload.label}: p99 latency / ceiling's`,
        measured: `${times(p99)} (${ms(project.p99Ms)} / ${ms(ceiling.p99Ms)})`,
        goal: `at most ${times(P99_LIMIT)}`,
        pass: p99 <= P99_LIMIT,
      },
    ];
  });
  const cold = {
    project: median(figures.coldStartMs.project),
    typical: median(figures.coldStartMs.typical),
  };
  const { raw, gzip } = figures.view;
  return [
    ...calls,
    {
      target: "cold start to the first tools/list / typical server's",
      measured: `${times(cold.project / cold.typical)} (${Math.round(cold.project)} / ` +
        `${Math.round(cold.typical)} ms, medians of ${figures.coldStartMs.project.length})`,
      goal: `at most ${times(COLD_START_LIMIT)}`,
      pass: cold.project / cold.typical <= COLD_START_LIMIT,
    },
    {
      target: "the view's size, raw and gzipped",
      measured: `${kib(raw)}, ${kib(gzip)}`,
      goal: `at most ${kib(VIEW_LIMIT.raw)}, ${kib(VIEW_LIMIT.gzip)}`,
      pass: raw <= VIEW_LIMIT.raw && gzip <= VIEW_LIMIT.gzip,
    },
  ];
}

/** The report as Markdown. */
export function renderReport(figures: BenchFigures, targets: TargetCheck[]): string {
  const row = (cells: unknown[]) => `| ${cells.join(" | ")} |`;
  const lines = [
    "# Benchmark results",
    "",
    `Machine: ${figures.machine}. Date: ${figures.date}.`,
    "",
    ...figures.setup.map((sentence) => `- ${sentence}`),
    "",
    "## Targets",
    "",
    row(["target", "measured", "goal", "result"]),
    row(Array(4).fill("---")),
    ...targets.map(({ target, measured, goal, pass }) =>
      row([target, measured, goal, pass ? "PASS" : "FAIL"])
    ),
    "",
    "## Throughput and latency",
    "",
    "Medians of the rounds. Answers: those wrk counted, and those found wrong.",
    "",
    row([
      "workload",
      "server",
      "req/s",
      "p50",
      "p99",
      "CPU per request",
      "req/s per round",
      "vs ceiling",
      "answers: counted, wrong",
    ]),
    row(Array(9).fill("---")),
  ];
  for (const { workload, servers } of figures.workloads) {
    const ceiling = servers.get(CEILING)!;
    let first = true;
    for (const [name, server] of servers) {
      lines.push(row([
        first ? workload.label : "",
        name,
        rate(server.rps),
        ms(server.p50Ms),
        ms(server.p99Ms),
        `${Math.round(server.cpuMicrosPerRequest)} µs`,
        server.roundsRps.map(rate).join(", "),
        name === CEILING ? "" : percent(server.rps / ceiling.rps),
        `${server.requests.toLocaleString("en-US")}, ${server.wrong}`,
      ]));
      first = false;
    }
  }
  const { project, typical } = figures.coldStartMs;
  const runs = (values: number[]) =>
    `${Math.round(median(values))} ms (runs: ${values.map(Math.round).join(", ")})`;
  lines.push(
    "",
    "## Other figures",
    "",
    row(["figure", "value"]),
    row(["---", "---"]),
    row([
      `cold start, \`deno task start\` to the first tools/list, median of ${project.length}`,
      runs(project),
    ]),
    row([`cold start, typical server, median of ${typical.length}`, runs(typical)]),
    ...[...figures.peakRss].map(([name, bytes]) =>
      row([
        `peak RSS after the loads (VmHWM), ${name}`,
        `${(bytes / 1e6).toFixed(1)} MB` +
        (name === CEILING
          ? ""
          : ` (${times(bytes / figures.peakRss.get(CEILING)!)} the ceiling's)`),
      ])
    ),
    "",
  );
  return lines.join("\n");
}

const rate = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => `${value.toFixed(2)} ms`;
const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
const times = (value: number) => `${value.toFixed(2)}x`;
const kib = (value: number) => `${(value / 1024).toFixed(1)} KiB`;
