/**
 * The sample of answers checked during a timed round: against a server on 127.0.0.1, each
 * sampled answer is checked in full and the wrong ones are counted, with the reason of the first.
 */

import assert from "node:assert/strict";
import { callRenderResults } from "../tools/render_results/call.ts";
import { type Sample, sampleAnswers } from "./sampler.ts";
import { verifyAnswer } from "./verify.ts";
import { makeWorkloads } from "./workloads.ts";

const WORKLOAD = makeWorkloads().find(({ name }) => name === "results_0")!;

/**
 * Samples `calls` answers of a server that answers the call with no results rightly, or with an
 * internal error where `wrong(n)` says so for its `n`th answer (from 1).
 */
async function sampleServer(calls: number, wrong: (n: number) => boolean): Promise<Sample> {
  const result = callRenderResults({ results: [] });
  let served = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const { id } = await request.json();
    return Response.json(
      wrong(++served)
        ? { error: { code: -32603, message: "Internal error" }, jsonrpc: "2.0", id }
        : { result, jsonrpc: "2.0", id },
    );
  });
  try {
    const url = new URL(`http://127.0.0.1:${server.addr.port}/mcp`);
    const stop = new AbortController();
    let made = 0;
    return await sampleAnswers(() => {
      if (++made === calls) stop.abort();
      return verifyAnswer(url, WORKLOAD, "json-rpc-error");
    }, stop.signal);
  } finally {
    await server.shutdown();
  }
}

Deno.test("a sample counts the wrong answers it finds and says why the first was wrong", async () => {
  const sample = await sampleServer(4, (n) => n % 2 === 0);
  assert.equal(sample.checked, 4);
  assert.equal(sample.wrong, 2);
  assert.match(sample.firstWrong ?? "", /answered results_0 wrongly \(marker missing\)/);
});

Deno.test("a sample of a server that answers rightly finds nothing wrong", async () => {
  assert.deepEqual(await sampleServer(3, () => false), { checked: 3, wrong: 0 });
});
