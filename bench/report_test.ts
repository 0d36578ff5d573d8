/**
 * The bench's targets as the report states them: every targeted call is held to its share of the
 * ceiling, the ASCII-only one included, a missed target is reported as missed, and the checks'
 * cost on the ceiling must stay within 5%.
 */

import assert from "node:assert/strict";
import type { ServerFigures } from "./compare.ts";
import {
  type BenchFigures,
  CEILING,
  checkTargets,
  PROJECT,
  renderReport,
  type TargetCheck,
  TYPICAL,
} from "./report.ts";
import { makeWorkloads } from "./workloads.ts";

function server(rps: number, wrong = 0): ServerFigures {
  return {
    rps,
    p50Ms: 1,
    p99Ms: 2,
    roundsRps: [rps, rps, rps],
    cpuMicrosPerRequest: 1e6 / rps,
    requests: rps * 15,
    sampled: 75,
    wrong,
  };
}

/**
 * A run in which the project's server reaches `share` of the ceiling on every workload but the
 * ASCII-only call, where it reaches `asciiShare`, and the ceiling's rate with the checks is
 * `checkCost` times its rate without them.
 */
function figures(
  { share = 0.5, asciiShare = 0.5, checkCost = 1, wrong = 0 } = {},
): BenchFigures {
  const workloads = makeWorkloads();
  const memory = { peakBytes: 130e6, anonBytes: 80e6, fileBytes: 45e6 };
  return {
    machine: "test",
    date: "today",
    setup: [],
    workloads: workloads.map((workload) => {
      const ceiling = 1000;
      const project = ceiling * (workload.name === "results_50_ascii" ? asciiShare : share);
      return {
        workload,
        servers: new Map([
          [PROJECT, server(project, wrong)],
          [CEILING, server(ceiling)],
          [TYPICAL, server(ceiling / 4)],
        ]),
      };
    }),
    checkCost: {
      workload: workloads.find(({ name }) => name === "results_0")!,
      checked: server(50_000 * checkCost),
      unchecked: server(50_000),
    },
    coldStartMs: { project: [150], typical: [200] },
    memory: { project: memory, typical: { ...memory, peakBytes: 280e6 } },
    view: { raw: 32_000, gzip: 13_000 },
    viewPaint: undefined,
    parallel: { one: server(900), two: server(1200) },
    toolWork: [{ workload: workloads[0], steps: [{ step: "parse the request body", micros: 80 }] }],
  };
}

function target(targets: TargetCheck[], name: string): TargetCheck {
  const found = targets.find(({ target }) => target === name);
  assert.ok(found, `no target "${name}" among ${targets.map(({ target }) => target).join("; ")}`);
  return found;
}

Deno.test("the ASCII-only call is held to the same share as the others, and a miss is reported", () => {
  const targets = checkTargets(figures({ share: 0.5, asciiShare: 0.26 }));
  const ascii = target(targets, "50 results, ASCII only: throughput / ceiling");
  assert.equal(ascii.pass, false);
  assert.match(ascii.measured, /^26% \(260 \/ 1,000;/);
  assert.equal(ascii.goal, "at least 45%");
  assert.equal(
    target(targets, "50 results, some non-Latin-1 text: throughput / ceiling").pass,
    true,
  );
  assert.equal(target(targets, "0 results: throughput / ceiling").pass, true);
  const report = renderReport(figures({ asciiShare: 0.26 }), targets);
  assert.match(report, /\| 50 results, ASCII only: throughput \/ ceiling \| 26% .* \| FAIL \|/);
});

Deno.test("the ceiling's rate with the checks must be within 5% of its rate without", () => {
  const name = "0 results: the ceiling's rate with the checks / without";
  const close = target(checkTargets(figures({ checkCost: 0.97 })), name);
  assert.equal(close.pass, true);
  assert.match(
    close.measured,
    /^97% \(median of 3 rounds, each pair back to back; medians 48,500 \/ 50,000 req\/s\)$/,
  );
  assert.equal(target(checkTargets(figures({ checkCost: 0.9 })), name).pass, false);
  assert.equal(target(checkTargets(figures({ checkCost: 1.08 })), name).pass, false);
});

Deno.test("the checks' cost is judged round by round, so a slow spell shared by a pair cancels", () => {
  const run = figures();
  // Each round's pair within 5%, though the machine's speed moved between rounds.
  run.checkCost.checked.roundsRps = [20_000, 50_000, 40_000];
  run.checkCost.unchecked.roundsRps = [21_000, 52_000, 30_000];
  const cost = target(checkTargets(run), "0 results: the ceiling's rate with the checks / without");
  assert.equal(cost.pass, true);
  assert.match(cost.measured, /^96% /);
});

Deno.test("a wrong answer fails every throughput target, however fast the server was", () => {
  const targets = checkTargets(figures({ share: 0.9, asciiShare: 0.9, wrong: 1 }));
  const throughput = targets.filter(({ target }) => target.endsWith("throughput / ceiling"));
  assert.equal(throughput.length, 4);
  assert.ok(throughput.every(({ pass }) => !pass));
});
