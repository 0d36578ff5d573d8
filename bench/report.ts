/**
 * The benchmark's targets and its report, `bench/RESULTS.md`.
 * @module
 */

import type { ServerFigures } from "./compare.ts";
import type { MemoryFigures } from "../tests/support/server_process.ts";
import { median } from "./stats.ts";
import type { ToolWork } from "./tool_work.ts";
import type { ViewPaint } from "./view_paint.ts";
import type { Workload } from "./workloads.ts";

/** The names of the three servers compared on every workload. */
export const PROJECT = "project";
/** The bare `Deno.serve` ceiling. */
export const CEILING = "ceiling";
/** The same ceiling with no answer of its timed rounds checked. */
export const CEILING_UNCHECKED = "ceiling, unchecked";
/** The server built the common way. */
export const TYPICAL = "typical";

/** The figures of one workload, by server name. */
export interface WorkloadFigures {
  workload: Workload;
  servers: Map<string, ServerFigures>;
}

/** Everything one benchmark run measured. */
export interface BenchFigures {
  /** The machine line: CPU, cores, memory, OS, Deno. */
  machine: string;
  date: string;
  /** How the run was made, one sentence a line. */
  setup: string[];
  workloads: WorkloadFigures[];
  /**
   * The ceiling on one workload in short alternating rounds with the checks of the timed rounds
   * and without any, to show that the checks do not bound the load generator.
   */
  checkCost: { workload: Workload; checked: ServerFigures; unchecked: ServerFigures };
  /** Spawn to first `tools/list`: `deno task start`, and the typical server's `deno run`. */
  coldStartMs: { project: number[]; typical: number[] };
  /** Each server after the 50-result loads; undefined where `/proc` is missing. */
  memory: { project: MemoryFigures | undefined; typical: MemoryFigures | undefined };
  view: { raw: number; gzip: number };
  /** How soon the view paints 50 cards; undefined without Chromium. */
  viewPaint: ViewPaint | undefined;
  /** `deno serve --parallel` with 1 and with 2 workers, main workload. */
  parallel: { one: ServerFigures; two: ServerFigures };
  /** The CPU time of each step of a call, in the bench's own process. */
  toolWork: ToolWork[];
}

/** One target: what was measured against what was asked. */
export interface TargetCheck {
  target: string;
  measured: string;
  goal: string;
  pass: boolean;
}

const MB = 1_000_000;

/**
 * What the server measured before the lean path (the committed run of 2026-11-30): cold start
 * against the typical server's, which follows the machine's speed, and peak RSS in bytes, which
 * does not: the typical server's own peak moves from run to run, so a ratio to it would not say
 * whether the project's server grew.
 */
const BEFORE = { coldStartRatio: 0.82, peakRssBytes: 164.6 * 1_000_000 };

/**
 * The share of the ceiling's throughput the project's server is to reach, by workload: the
 * 50-result calls (both eras, some non-Latin-1 text or ASCII only) and the call with no results.
 */
const SHARE_TARGETS: Record<string, number> = {
  results_50: 0.45,
  results_50_modern: 0.45,
  results_50_ascii: 0.45,
  results_0: 0.3,
};
/** How far apart the ceiling's rates with and without the checks may be. */
const CHECK_COST_LIMIT = 0.05;

/**
 * Checks the targets: on each targeted call, throughput against the ceiling's (`SHARE_TARGETS`)
 * and p99 at most 2.5 times the ceiling's; the ceiling's rate with the checks within 5% of its
 * rate without; cold start and peak RSS no worse than before the lean path.
 */
export function checkTargets(figures: BenchFigures): TargetCheck[] {
  const answersRight = figures.workloads.every(({ servers }) =>
    [...servers.values()].every((server) => server.wrong === 0)
  );
  const coldStart = {
    project: median(figures.coldStartMs.project),
    typical: median(figures.coldStartMs.typical),
  };
  const rss = {
    project: figures.memory.project?.peakBytes ?? NaN,
    typical: figures.memory.typical?.peakBytes ?? NaN,
  };
  const targeted = figures.workloads.filter(({ workload }) =>
    Object.hasOwn(SHARE_TARGETS, workload.name)
  );
  const calls = targeted.flatMap(({ workload, servers }) => {
    const project = servers.get(PROJECT)!;
    const ceiling = servers.get(CEILING)!;
    const share = SHARE_TARGETS[workload.name];
    return [
      {
        target: `${workload.label}: throughput / ceiling`,
        measured: `${percent(project.rps / ceiling.rps)} (${rps(project.rps)} / ${
          rps(ceiling.rps)
        }; CPU per request ${
          times(project.cpuMicrosPerRequest / ceiling.cpuMicrosPerRequest)
        } the ceiling's)`,
        goal: `at least ${percent(share)}`,
        pass: answersRight && project.rps / ceiling.rps >= share,
      },
      {
        target: `${workload.label}: p99 latency / ceiling's p99`,
        measured: `${times(project.p99Ms / ceiling.p99Ms)} (${ms(project.p99Ms)} / ${
          ms(ceiling.p99Ms)
        })`,
        goal: "at most 2.5x",
        pass: answersRight && project.p99Ms / ceiling.p99Ms <= 2.5,
      },
    ];
  });
  // Each round runs the two back to back, so the ratio of each round's pair is the steadier one.
  const { checked, unchecked } = figures.checkCost;
  const checkCost = median(
    checked.roundsRps.map((rate, round) => rate / unchecked.roundsRps[round]),
  );
  return [
    ...calls,
    {
      target: `${figures.checkCost.workload.label}: the ceiling's rate with the checks / without`,
      measured: `${percent(checkCost)} (median of ${checked.roundsRps.length} rounds, each ` +
        `pair back to back; medians ${rps(checked.rps)} / ${rps(unchecked.rps)} req/s)`,
      goal: `within ${percent(CHECK_COST_LIMIT)}`,
      pass: Math.abs(1 - checkCost) <= CHECK_COST_LIMIT,
    },
    {
      target: "cold start to first tools/list / typical server's",
      measured: `${times(coldStart.project / coldStart.typical)} (${
        Math.round(coldStart.project)
      } / ${Math.round(coldStart.typical)} ms, medians of ${figures.coldStartMs.project.length})`,
      goal: `at most ${times(BEFORE.coldStartRatio)}, as before the lean path`,
      pass: coldStart.project / coldStart.typical <= BEFORE.coldStartRatio,
    },
    {
      target: "peak RSS under the 50-result load",
      measured: Number.isNaN(rss.project)
        ? "unknown"
        : `${megabytes(rss.project)} (${times(rss.project / rss.typical)} the typical server's ${
          megabytes(rss.typical)
        })`,
      goal: `at most ${megabytes(BEFORE.peakRssBytes)}, as before the lean path`,
      pass: rss.project <= BEFORE.peakRssBytes,
    },
  ];
}

/** The report as Markdown. */
export function renderReport(figures: BenchFigures, targets: TargetCheck[]): string {
  const lines = [
    "# Benchmark results",
    "",
    `Machine: ${figures.machine}. Date: ${figures.date}.`,
    "",
    ...figures.setup.map((sentence) => `- ${sentence}`),
    "",
    "## Targets",
    "",
    "| target | measured | goal | result |",
    "| --- | --- | --- | --- |",
    ...targets.map(({ target, measured, goal, pass }) =>
      `| ${target} | ${measured} | ${goal} | ${pass ? "PASS" : "FAIL"} |`
    ),
    "",
    "## Throughput and latency",
    "",
    "Medians of the rounds; the ratios compare the project's server with the other two. Answers:",
    "those the load generator counted, those sampled and checked in full, and those found wrong.",
    "",
    "| workload | server | req/s | p50 | p99 | CPU per request | req/s per round | vs ceiling | vs typical | answers: counted, sampled, wrong |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const { workload, servers } of figures.workloads) {
    const ceiling = servers.get(CEILING)!;
    const typical = servers.get(TYPICAL)!;
    for (const [name, server] of servers) {
      lines.push(
        `| ${name === PROJECT ? workload.label : ""} | ${name} | ${rps(server.rps)} | ${
          ms(server.p50Ms)
        } | ${ms(server.p99Ms)} | ${Math.round(server.cpuMicrosPerRequest)} µs | ${
          server.roundsRps.map(rps).join(", ")
        } | ${name === CEILING ? "" : percent(server.rps / ceiling.rps)} | ${
          name === PROJECT ? times(server.rps / typical.rps) : ""
        } | ${count(server.requests)}, ${count(server.sampled)}, ${server.wrong} |`,
      );
    }
  }
  const { one, two } = figures.parallel;
  lines.push(
    "",
    "## Other figures",
    "",
    "| figure | value |",
    "| --- | --- |",
    `| cold start, \`deno task start\` to first tools/list, median of ${figures.coldStartMs.project.length} | ${
      Math.round(median(figures.coldStartMs.project))
    } ms (runs: ${figures.coldStartMs.project.map(Math.round).join(", ")}) |`,
    `| cold start, typical server, median of ${figures.coldStartMs.typical.length} | ${
      Math.round(median(figures.coldStartMs.typical))
    } ms (runs: ${figures.coldStartMs.typical.map(Math.round).join(", ")}) |`,
    `| peak RSS of the server after the 50-result loads (VmHWM) | ${
      memoryText(figures.memory.project)
    } |`,
    `| peak RSS of the typical server after the 50-result loads | ${
      memoryText(figures.memory.typical)
    } |`,
    `| view paint, 50 cards after tool-result, headless Chromium | ${
      figures.viewPaint === undefined
        ? "not measured (no Chromium)"
        : `median ${ms(figures.viewPaint.median)} (min ${ms(figures.viewPaint.min)}, max ${
          ms(figures.viewPaint.max)
        }, ${figures.viewPaint.runs.length} runs)`
    } |`,
    `| view size (the built view) | ${bytes(figures.view.raw)} raw, ${
      bytes(figures.view.gzip)
    } gzipped |`,
    `| \`deno serve --parallel\`, 50 results, 1 worker | ${rps(one.rps)} req/s, p99 ${
      ms(one.p99Ms)
    } |`,
    `| \`deno serve --parallel\`, 50 results, 2 workers | ${rps(two.rps)} req/s, p99 ${
      ms(two.p99Ms)
    } (${times(two.rps / one.rps)} of 1 worker) |`,
    "",
    "## The tool's own work per call",
    "",
    "CPU time per call of each step between the request's body and the answer's bytes, in the",
    "benchmark's own process (`bench/tool_work.ts`): medians of interleaved batches, in µs.",
    "",
    `| step | ${figures.toolWork.map(({ workload }) => workload.label).join(" | ")} |`,
    `| --- | ${figures.toolWork.map(() => "---").join(" | ")} |`,
    ...stepNames(figures.toolWork).map((step) =>
      `| ${step} | ${
        figures.toolWork.map(({ steps }) => {
          const time = steps.find((candidate) => candidate.step === step);
          return time === undefined ? "" : time.micros.toFixed(1);
        }).join(" | ")
      } |`
    ),
    "",
  );
  return lines.join("\n");
}

/** Every step timed, in the order of the workload that has most of them. */
function stepNames(work: ToolWork[]): string[] {
  const longest = work.reduce((a, b) => (b.steps.length > a.steps.length ? b : a));
  return longest.steps.map(({ step }) => step);
}

function memoryText(memory: MemoryFigures | undefined): string {
  if (memory === undefined) return "unknown";
  return `${megabytes(memory.peakBytes)}; after the load ${megabytes(memory.anonBytes)} ` +
    `anonymous (heap, malloc) and ${megabytes(memory.fileBytes)} file-backed (the deno binary)`;
}

function megabytes(value: number): string {
  return `${(value / MB).toFixed(1)} MB`;
}

function count(value: number): string {
  return value.toLocaleString("en-US");
}

function rps(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(0)}%`;
}

function times(value: number): string {
  return `${value.toFixed(2)}x`;
}

function bytes(value: number): string {
  return `${(value / 1024).toFixed(1)} KiB`;
}
