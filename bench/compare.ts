/**
 * Measures several servers on one workload in alternating rounds, so that a slow spell of the
 * machine hits all of them alike, and summarizes each by the medians of its rounds.
 *
 * How answers are checked without bounding the load generator: each server's warm-up has every
 * answer checked for the workload's marker (in wrk's Lua, which caps its rate, so that run is not
 * timed); in the timed rounds the load generator counts only answers of HTTP 400 and above, while
 * this process checks a sample in full on a connection of its own (`sampler.ts`).
 * @module
 */

import { type LoadRequest, type LoadResult, runLoad } from "./load.ts";
import { type Sample, sampleAnswers } from "./sampler.ts";
import { median } from "./stats.ts";

/** A server in the comparison and how a right answer from it is known. */
export interface Contender {
  name: string;
  url: URL;
  /** A substring of every right answer, checked in every answer of the warm-up. */
  marker: string;
  /**
   * Sends one request and checks its answer in full, throwing when it is wrong: the sample of
   * each timed round. Without it the rounds go unchecked, as a reference for what checking costs.
   */
  check?: () => Promise<unknown>;
  /** The server's process, whose CPU time is read around each round (Linux `/proc`). */
  pid?: number;
}

/** How long and how hard to drive each server. */
export interface RoundPlan {
  rounds: number;
  seconds: number;
  /** An unmeasured run before the first round, so every server is warmed up (JIT, caches). */
  warmupSeconds: number;
  connections: number;
}

/** One server's figures on one workload: medians of its rounds. */
export interface ServerFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests per second of each round, in order. */
  roundsRps: number[];
  /**
   * CPU time of the server's process per answered request, in µs (median of the rounds; NaN
   * where it cannot be read). Steadier than requests per second on a shared machine.
   */
  cpuMicrosPerRequest: number;
  /** Answers the load generator counted, over all rounds. */
  requests: number;
  /** Answers checked in full, over all rounds (none for an unchecked contender). */
  sampled: number;
  /** Answers found wrong (HTTP 400 and above, a sampled answer that failed) and errors. */
  wrong: number;
}

/** Runs `plan` against every contender with `request`; figures by server name. */
export async function compareServers(
  contenders: Contender[],
  request: LoadRequest,
  plan: RoundPlan,
  progress: (message: string) => void = () => {},
): Promise<Map<string, ServerFigures>> {
  const runs = new Map<string, (LoadResult & { cpuPerRequest: number; sample: Sample })[]>(
    contenders.map(({ name }) => [name, []]),
  );
  for (const contender of contenders) {
    const warmup = await runLoad({
      url: contender.url,
      ...request,
      marker: contender.marker,
      seconds: plan.warmupSeconds,
      connections: plan.connections,
    });
    if (warmup.bad + warmup.errors > 0) {
      throw new Error(`${contender.name} answered wrongly during the warm-up.`);
    }
  }
  for (let round = 0; round < plan.rounds; round++) {
    // Each round starts with the next server, so none is always first or last.
    for (let turn = 0; turn < contenders.length; turn++) {
      const contender = contenders[(round + turn) % contenders.length];
      const cpuBefore = cpuMicros(contender.pid);
      const sampling = new AbortController();
      const sample: Promise<Sample> = contender.check === undefined
        ? Promise.resolve({ checked: 0, wrong: 0 })
        : sampleAnswers(contender.check, sampling.signal);
      const result = await runLoad({
        url: contender.url,
        ...request,
        seconds: plan.seconds,
        connections: plan.connections,
      }).finally(() => sampling.abort());
      const sampled = await sample;
      // The server's CPU time covers the sampled requests too.
      const cpuPerRequest = (cpuMicros(contender.pid) - cpuBefore) /
        (result.requests + sampled.checked);
      runs.get(contender.name)!.push({ ...result, cpuPerRequest, sample: sampled });
      const wrong = result.bad + result.errors + sampled.wrong;
      progress(
        `  round ${round + 1} ${contender.name}: ${Math.round(result.rps)} req/s, ` +
          `p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, ` +
          `${Math.round(cpuPerRequest)} µs CPU per request, ${sampled.checked} sampled` +
          (wrong > 0 ? `, ${wrong} WRONG` : "") +
          (sampled.firstWrong === undefined ? "" : ` (${sampled.firstWrong})`),
      );
    }
  }
  const figures = new Map<string, ServerFigures>();
  for (const [name, results] of runs) {
    figures.set(name, {
      rps: median(results.map((result) => result.rps)),
      p50Ms: median(results.map((result) => result.p50Ms)),
      p99Ms: median(results.map((result) => result.p99Ms)),
      roundsRps: results.map((result) => result.rps),
      cpuMicrosPerRequest: median(results.map((result) => result.cpuPerRequest)),
      requests: results.reduce((sum, result) => sum + result.requests, 0),
      sampled: results.reduce((sum, result) => sum + result.sample.checked, 0),
      wrong: results.reduce(
        (sum, result) => sum + result.bad + result.errors + result.sample.wrong,
        0,
      ),
    });
  }
  return figures;
}

/** The CPU time (user and system) process `pid` has used, in µs; NaN where it cannot be read. */
function cpuMicros(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const fields = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
    // utime and stime, in clock ticks of 10 ms (USER_HZ on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return NaN;
  }
}
