/**
 * The soak test (`deno task soak`): the server, started by `deno task start`, under the load
 * bench's calls in turn for a few minutes, on loopback, with its memory
 * sampled every second. It prints the resident memory over time and fails if any answer was
 * wrong or the memory kept growing. It stops by itself.
 *
 * Usage: `deno task soak [minutes]` (3 unless given).
 * @module
 */

import { runLoad } from "./load.ts";
import { residentBytes, startServer, startTask } from "./servers.ts";
import { answerMarker, checkedAnswer, makeWorkloads } from "./workloads.ts";

const MINUTES = Number(Deno.args[0] ?? 3);
const SLICE_SECONDS = 10;
const CONNECTIONS = 16;
/**
 * Growth of the resident set beyond which memory is taken to leak: from the second quarter of
 * the run (the first warms up the JIT and grows the heap) to the last.
 */
const MAX_GROWTH = 0.15;

const OUT = new URL("./out/", import.meta.url);

async function main(): Promise<number> {
  if (!Number.isFinite(MINUTES) || MINUTES <= 0 || MINUTES > 60) {
    console.error("The soak runs from a fraction of a minute to 60 minutes.");
    return 2;
  }
  const workloads = makeWorkloads();
  await Deno.mkdir(OUT, { recursive: true });
  await using server = await startServer(startTask());
  const requests = [];
  for (const workload of workloads) {
    await checkedAnswer(server.url, workload);
    const bodyFile = new URL(`soak_${workload.name}.json`, OUT).pathname;
    await Deno.writeTextFile(bodyFile, workload.body);
    requests.push({ workload, bodyFile });
  }

  // Resident bytes, once a second.
  const samples: number[] = [];
  const started = performance.now();
  const sampler = setInterval(async () => {
    const { now } = await residentBytes(server.pid);
    if (!Number.isNaN(now)) samples.push(now);
  }, 1000);

  let answers = 0;
  let wrong = 0;
  const end = started + MINUTES * 60_000;
  for (let slice = 0; performance.now() < end; slice++) {
    const { workload, bodyFile } = requests[slice % requests.length];
    const result = await runLoad({
      url: server.url,
      bodyFile,
      headers: workload.headers,
      marker: answerMarker(workload),
      seconds: Math.min(SLICE_SECONDS, Math.max(1, Math.ceil((end - performance.now()) / 1000))),
      connections: CONNECTIONS,
    });
    answers += result.requests;
    wrong += result.wrong;
    console.error(
      `${Math.round((performance.now() - started) / 1000)} s: ${workload.label}: ` +
        `${Math.round(result.rps)} req/s, ${result.wrong} wrong`,
    );
  }
  clearInterval(sampler);

  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const average = (list: number[]) => list.reduce((sum, bytes) => sum + bytes, 0) / list.length;
  const first = average(samples.slice(quarter, 2 * quarter));
  const last = average(samples.slice(-quarter));
  const growth = last / first - 1;
  const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
  console.log(
    `Soak of ${MINUTES} min: ${answers.toLocaleString("en-US")} answers checked, ${wrong} wrong; ` +
      `resident memory ${mb(first)} in the second quarter, ${mb(last)} in the last ` +
      `(${(growth * 100).toFixed(1)}%), peak ${mb(Math.max(...samples))}.`,
  );
  return wrong === 0 && growth <= MAX_GROWTH ? 0 : 1;
}

Deno.exit(await main());
