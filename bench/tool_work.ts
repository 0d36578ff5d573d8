/**
 * The tool's own work per call, in this process: for each benchmark workload, the CPU time of
 * each step a call takes between the request's body and the answer's bytes, with no server
 * around it. `deno run --config deno.dev.json -A bench/tool_work.ts [rounds]`; `deno task bench`
 * runs it too and reports it.
 *
 * Steps are timed in interleaved batches (every step once per round, the rounds alternating) and
 * summarised by their medians, so a slow spell of a shared machine hits every step alike.
 * @module
 */

import process from "node:process";
import { callRenderResults } from "../tools/render_results/call.ts";
import { formatResultText } from "../tools/render_results/format.ts";
import { jsonByteLength } from "../tools/render_results/json_size.ts";
import { validateRenderInput } from "../tools/render_results/validate.ts";
import type { RenderOutput } from "../tools/render_results/types.ts";
import { median } from "./stats.ts";
import { makeWorkloads, type Workload } from "./workloads.ts";

/** One step's median CPU time per call, in microseconds. */
export interface StepTime {
  step: string;
  micros: number;
}

/** The steps of one workload's call, timed. */
export interface ToolWork {
  workload: Workload;
  steps: StepTime[];
}

const encoder = new TextEncoder();
/** How long a batch of one step runs, in milliseconds, at least. */
const BATCH_MS = 25;

/** The steps of a call of `workload`, each a function that does it once. */
function stepsOf(workload: Workload): [string, () => unknown][] {
  const body = workload.body;
  const args = JSON.parse(body).params.arguments;
  let output: RenderOutput | undefined;
  try {
    output = callRenderResults(args).structuredContent as unknown as RenderOutput;
  } catch {
    // An invalid call ends at validation.
  }
  const answer = (() => {
    try {
      return { result: callRenderResults(args), jsonrpc: "2.0", id: workload.name };
    } catch (error) {
      return { jsonrpc: "2.0", id: workload.name, error: { message: String(error) } };
    }
  })();
  const text = JSON.stringify(answer);
  const steps: [string, () => unknown][] = [
    ["parse the request body (JSON.parse)", () => JSON.parse(body)],
    ["validate the arguments", () => {
      try {
        return validateRenderInput(args);
      } catch (error) {
        return error;
      }
    }],
    ["of which the size check", () => jsonByteLength(args)],
  ];
  if (output !== undefined) {
    steps.push(["write the text list", () => formatResultText(output)]);
  }
  steps.push(
    ["the whole call (callRenderResults)", () => {
      try {
        return callRenderResults(args);
      } catch (error) {
        return error;
      }
    }],
    ["serialize the answer (JSON.stringify)", () => JSON.stringify(answer)],
    ["encode the answer (UTF-8)", () => encoder.encode(text)],
  );
  return steps;
}

/** This process's CPU time so far, in microseconds. */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** The CPU time of `run`, in microseconds per call, over a batch of at least BATCH_MS. */
function timeBatch(run: () => unknown): number {
  let calls = 0;
  const started = performance.now();
  const cpu = cpuMicros();
  while (performance.now() - started < BATCH_MS) {
    for (let i = 0; i < 8; i++) run();
    calls += 8;
  }
  return (cpuMicros() - cpu) / calls;
}

/** Times every step of every workload in `rounds` interleaved rounds. */
export function measureToolWork(rounds = 15): ToolWork[] {
  const workloads = makeWorkloads();
  const plans = workloads.map((workload) => ({ workload, steps: stepsOf(workload) }));
  const times = plans.map(({ steps }) => steps.map(() => [] as number[]));
  // A warm-up round, so every step is compiled before it is timed.
  for (const { steps } of plans) for (const [, run] of steps) timeBatch(run);
  for (let round = 0; round < rounds; round++) {
    plans.forEach(({ steps }, w) => {
      const order = round % 2 === 0 ? steps.keys() : [...steps.keys()].reverse();
      for (const s of order) times[w][s].push(timeBatch(steps[s][1]));
    });
  }
  return plans.map(({ workload, steps }, w) => ({
    workload,
    steps: steps.map(([step], s) => ({ step, micros: median(times[w][s]) })),
  }));
}

if (import.meta.main) {
  for (const { workload, steps } of measureToolWork(Number(Deno.args[0] ?? 15))) {
    console.log(workload.label);
    for (const { step, micros } of steps) {
      console.log(`  ${micros.toFixed(1).padStart(8)} µs  ${step}`);
    }
  }
}
