/**
 * Measures several servers on one workload in alternating rounds, so that a slow spell of a
 * shared machine hits all of them alike, and sums each up by the medians of its rounds.
 *
 * Answers are checked without bounding wrk: in each server's warm-up, under the same load, wrk
 * checks every answer for the workload's marker (which caps its rate, so the warm-up is not
 * timed); in the timed rounds it counts every answer of HTTP 400 and above, and after each round
 * one answer is checked in full.
 * @module
 */

import { runLoad } from "./load.ts";
import { cpuMicros, type Server } from "./servers.ts";
import { median } from "./stats.ts";
import { answerMarker, checkedAnswer, type Workload } from "./workloads.ts";

/** How long and how hard each server is driven. */
export interface RoundPlan {
  rounds: number;
  seconds: number;
  /** An unmeasured run before the first round: the JIT and the caches warm up. */
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
   * The server's CPU time per answered request, in µs: steadier than a rate when others share the
   * machine.
   */
  cpuMicrosPerRequest: number;
  /** Answers wrk counted, over all rounds. */
  requests: number;
  /** Wrong answers and errors, over all rounds. */
  wrong: number;
}

/** Runs `plan` on every server with `workload`, its body in `bodyFile`; figures by server name. */
export async function compareServers(
  servers: Server[],
  workload: Workload,
  bodyFile: string,
  plan: RoundPlan,
  progress: (message: string) => void,
): Promise<Map<string, ServerFigures>> {
  const load = { bodyFile, headers: workload.headers, connections: plan.connections };
  for (const server of servers) {
    const { wrong } = await runLoad({
      ...load,
      url: server.url,
      marker: answerMarker(workload),
      seconds: plan.warmupSeconds,
    });
    if (wrong > 0) throw new Error(`${server.name} answered ${workload.name} wrongly under load.`);
  }
  const rounds = new Map(servers.map(({ name }) => [name, [] as Round[]]));
  for (let round = 0; round < plan.rounds; round++) {
    // Each round starts with the next server, so none is always first or last.
    for (let turn = 0; turn < servers.length; turn++) {
      const server = servers[(round + turn) % servers.length];
      const cpu = cpuMicros(server.pid);
      const result = await runLoad({ ...load, url: server.url, seconds: plan.seconds });
      const cpuPerRequest = (cpuMicros(server.pid) - cpu) / result.requests;
      const checked = await checkedAnswer(server.url, workload).then(() => 0, () => 1);
      rounds.get(server.name)!.push({ ...result, cpuPerRequest, wrong: result.wrong + checked });
      progress(
        `  round ${round + 1} ${server.name}: ${Math.round(result.rps)} req/s, ` +
          `p99 ${result.p99Ms.toFixed(2)} ms, ${Math.round(cpuPerRequest)} µs CPU per request` +
          (result.wrong + checked > 0 ? `, ${result.wrong + checked} WRONG` : ""),
      );
    }
  }
  return new Map([...rounds].map(([name, results]) => [name, summary(results)]));
}

type Round = Awaited<ReturnType<typeof runLoad>> & { cpuPerRequest: number };

function summary(rounds: Round[]): ServerFigures {
  const medianOf = (field: "rps" | "p50Ms" | "p99Ms" | "cpuPerRequest") =>
    median(rounds.map((round) => round[field]));
  return {
    rps: medianOf("rps"),
    p50Ms: medianOf("p50Ms"),
    p99Ms: medianOf("p99Ms"),
    roundsRps: rounds.map(({ rps }) => rps),
    cpuMicrosPerRequest: medianOf("cpuPerRequest"),
    requests: rounds.reduce((sum, { requests }) => sum + requests, 0),
    wrong: rounds.reduce((sum, { wrong }) => sum + wrong, 0),
  };
}
