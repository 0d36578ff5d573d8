/**
 * Measures several servers on one workload in alternating rounds, so that a slow spell of the
 * machine hits all of them alike, and summarizes each by the medians of its rounds.
 * @module
 */

import { type LoadRequest, type LoadResult, runLoad } from "./load.ts";
import { median } from "./stats.ts";

/** A server in the comparison and the marker of a right answer from it. */
export interface Contender {
  name: string;
  url: URL;
  marker: string;
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
  /** Answers checked, and how many of them were wrong (non-200, wrong body, or errors). */
  requests: number;
  wrong: number;
}

/** Runs `plan` against every contender with `request`; figures by server name. */
export async function compareServers(
  contenders: Contender[],
  request: LoadRequest,
  plan: RoundPlan,
  progress: (message: string) => void = () => {},
): Promise<Map<string, ServerFigures>> {
  const runs = new Map<string, (LoadResult & { cpuPerRequest: number })[]>(
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
      const result = await runLoad({
        url: contender.url,
        ...request,
        marker: contender.marker,
        seconds: plan.seconds,
        connections: plan.connections,
      });
      const cpuPerRequest = (cpuMicros(contender.pid) - cpuBefore) / result.requests;
      runs.get(contender.name)!.push({ ...result, cpuPerRequest });
      progress(
        `  round ${round + 1} ${contender.name}: ${Math.round(result.rps)} req/s, ` +
          `p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, ` +
          `${Math.round(cpuPerRequest)} µs CPU per request` +
          (result.bad + result.errors > 0 ? `, ${result.bad + result.errors} WRONG` : ""),
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
      wrong: results.reduce((sum, result) => sum + result.bad + result.errors, 0),
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
