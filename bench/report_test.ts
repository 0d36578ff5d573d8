/**
 * The load bench's targets as its report states them: which calls are held to a share of the
 * ceiling, that a wrong answer fails them however fast, and that a miss is reported as one.
 */

import assert from "node:assert/strict";
import type { ServerFigures } from "./compare.ts";
import {
  type BenchFigures,
  CEILING,
  checkTargets,
  PROJECT,
  QUIET,
  renderReport,
  type TargetCheck,
} from "./report.ts";
import { makeWorkloads } from "./workloads.ts";

function server(rps: number, p99Ms = 2, wrong = 0): ServerFigures {
  return {
    rps,
    p50Ms: 1,
    p99Ms,
    roundsRps: [rps, rps, rps],
    cpuMicrosPerRequest: 1e6 / rps,
    requests: rps * 15,
    wrong,
  };
}

/** A run where the server reaches `share` of the ceiling, `modernShare` on the 2026-07-28 call. */
function figures(
  { share = 0.6, modernShare = share as number, p99 = 2, wrong = 0, cold = 100 } = {},
): BenchFigures {
  return {
    machine: "test",
    date: "today",
    setup: [],
    workloads: makeWorkloads().map((workload) => {
      const rps = 1000 * (workload.name === "ascii_modern" ? modernShare : share);
      return {
        workload,
        servers: new Map([
          [PROJECT, server(rps, p99, wrong)],
          [CEILING, server(1000)],
          [QUIET, server(rps * 1.2)],
        ]),
      };
    }),
    coldStartMs: { project: [cold, cold * 2, cold], typical: [200, 190, 210] },
    peakRss: new Map([[PROJECT, 120e6], [CEILING, 60e6]]),
    view: { raw: 58 * 1024, gzip: 23 * 1024 },
  };
}

function target(targets: TargetCheck[], name: string): TargetCheck {
  const found = targets.find(({ target }) => target === name);
  assert.ok(found, `no target "${name}" among ${targets.map(({ target }) => target).join("; ")}`);
  return found;
}

Deno.test("the ASCII calls of both eras and the empty call are held to half the ceiling", () => {
  const throughput = checkTargets(figures()).filter(({ target }) => target.endsWith("/ ceiling"));
  assert.deepEqual(throughput.map(({ target }) => target), [
    "50 results, ASCII text: throughput / ceiling",
    "the same in MCP 2026-07-28: throughput / ceiling",
    "0 results: throughput / ceiling",
  ]);
  assert.ok(throughput.every(({ goal, pass }) => goal === "at least 50%" && pass));
});

Deno.test("a call below its share fails, and the report says so", () => {
  const run = figures({ modernShare: 0.49 });
  const targets = checkTargets(run);
  const modern = target(targets, "the same in MCP 2026-07-28: throughput / ceiling");
  assert.equal(modern.pass, false);
  assert.match(modern.measured, /^49% \(490 \/ 1,000 req\/s;/);
  assert.match(
    renderReport(run, targets),
    /\| the same in MCP 2026-07-28: throughput \/ ceiling \| 49% .* \| FAIL \|/,
  );
});

Deno.test("a wrong answer fails every throughput target, however fast the server was", () => {
  const targets = checkTargets(figures({ share: 0.9, wrong: 1 }));
  const throughput = targets.filter(({ target }) => target.endsWith("throughput / ceiling"));
  assert.equal(throughput.length, 3);
  assert.ok(throughput.every(({ pass }) => !pass));
});

Deno.test("p99 is held to 2.5 times the ceiling's on every call", () => {
  const p99 = (run: BenchFigures) =>
    checkTargets(run).filter(({ target }) => target.endsWith("p99 latency / ceiling's"));
  assert.equal(p99(figures({ p99: 5 })).length, 4);
  assert.ok(p99(figures({ p99: 5 })).every(({ pass }) => pass));
  assert.ok(p99(figures({ p99: 5.2 })).every(({ pass }) => !pass));
});

Deno.test("cold start is compared by medians with the typical server's", () => {
  const name = "cold start to the first tools/list / typical server's";
  const fast = target(checkTargets(figures({ cold: 150 })), name);
  assert.equal(fast.pass, true);
  assert.equal(fast.measured, "0.75x (150 / 200 ms, medians of 3)");
  assert.equal(target(checkTargets(figures({ cold: 151 })), name).pass, false);
});
