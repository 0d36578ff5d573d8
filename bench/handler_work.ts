/**
 * The fetch handler's own work per request, in this process: for each hot request, the CPU time
 * and the bytes allocated per call of the whole handler (Host guard, deadline, CORS, method, body,
 * lean path, answer) on the request as the HTTP/1.1 listener hands it over, beside the bare floor
 * (parse the content and answer the same bytes with `Response.json`, as the ceiling does).
 *
 * `deno run --config deno.dev.json -A bench/handler_work.ts [rounds] [--against=DIR]`. With
 * `--against`, DIR holds another checkout of the project (`git worktree add DIR main`) whose
 * handler is timed in the same rounds, so a change is compared with what it replaces in one run.
 *
 * Steps are timed as in `tool_work.ts`: interleaved batches, the order reversed every other
 * round, medians. Calls are sequential (one in flight), so the figures leave out the listener, the
 * socket and the contention of a loaded server.
 * @module
 */

import v8 from "node:v8";
import process from "node:process";
import { median } from "./stats.ts";
import { makeWorkloads, type Workload } from "./workloads.ts";

/** What the listener has of a request once it is read: its fields and its content. */
interface Received {
  fields: [string, string][];
  content: Uint8Array<ArrayBuffer>;
}

/** Answers a received request. */
type Handler = (received: Received) => Promise<Response>;

/** How long a batch of one step runs, in milliseconds, at least. */
const BATCH_MS = 100;
const ORIGIN = "http://127.0.0.1:8000";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A hot request: its body and the headers a client (wrk in the benchmark) sends. */
interface HotRequest {
  label: string;
  body: string;
  headers: Record<string, string>;
}

function hotRequests(): HotRequest[] {
  const byName = new Map(makeWorkloads().map((workload) => [workload.name, workload]));
  const call = (name: string): HotRequest => {
    const { label, body, headers } = byName.get(name) as Workload;
    return { label, body, headers };
  };
  return [
    call("results_0"),
    call("results_50"),
    call("results_50_modern"),
    {
      label: "tools/list",
      body: JSON.stringify({ jsonrpc: "2.0", id: "list", method: "tools/list" }),
      headers: {},
    },
  ];
}

/** Makes `hot` as the listener receives it: the fields as wrk sends them, a fresh content. */
function receivedOf({ body, headers }: HotRequest): () => Received {
  const bytes = encoder.encode(body);
  const fields: [string, string][] = [
    ["host", "127.0.0.1:8000"],
    ["content-type", "application/json"],
    ["accept", "application/json, text/event-stream"],
    ["content-length", String(bytes.byteLength)],
    ...Object.entries(headers).map((
      [name, value],
    ): [string, string] => [name.toLowerCase(), value]),
  ];
  return () => ({ fields, content: bytes.slice() });
}

/**
 * The fetch handler of the checkout in `root`, configured as the benchmark runs the server, and
 * what its listener hands it: a received request, or (in checkouts from before those) a
 * `Request`, marked as made with its whole body where the checkout marks them.
 */
async function listenerSideOf(
  root: string,
): Promise<{ handler: Handler; receive: (received: Received) => unknown }> {
  const { readConfig } = await import(`${root}/server/config.ts`);
  const { createFetchHandler } = await import(`${root}/server/http/fetch_handler.ts`);
  const handle = await createFetchHandler(readConfig(new Map([["LOG_LEVEL", "warn"]])));
  const optional = (path: string) => import(`${root}/${path}`).catch(() => undefined);
  // Where each checkout's listener makes the request it hands over (its own package since).
  const received = await optional("server/http1/_internal/received_request.ts") ??
    await optional("server/http/http1/received_request.ts");
  const wholeBody = await optional("server/http/whole_body.ts");
  const receive = ({ fields, content }: Received) => {
    const url = `${ORIGIN}/mcp`;
    if (received) return new received.ReceivedRequest("POST", url, fields, content);
    const request = new Request(url, { method: "POST", headers: fields, body: content });
    return wholeBody ? wholeBody.markWholeBody(request) : request;
  };
  return { handler: (message) => handle(receive(message)), receive };
}

/** The floor: parse the content, answer the same bytes with `Response.json`, as the ceiling does. */
function bareHandler(answer: { result?: unknown; error?: unknown }): Handler {
  return ({ content }) => {
    const message = JSON.parse(decoder.decode(content));
    return Promise.resolve(Response.json({ ...answer, jsonrpc: "2.0", id: message.id }));
  };
}

/** This process's CPU time so far, in microseconds. */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/**
 * Bytes V8 has allocated in this process so far. Node's types predate the field; V8 15 reports
 * it.
 */
function allocatedBytes(): number {
  return (v8.getHeapStatistics() as { total_allocated_bytes?: number }).total_allocated_bytes ?? 0;
}

/** CPU µs and bytes allocated per call of `run`, over a batch of at least BATCH_MS. */
async function timeBatch(run: () => Promise<unknown>): Promise<[number, number]> {
  let calls = 0;
  const started = performance.now();
  const allocated = allocatedBytes();
  const cpu = cpuMicros();
  do {
    for (let i = 0; i < 8; i++) await run();
    calls += 8;
  } while (performance.now() - started < BATCH_MS);
  const micros = (cpuMicros() - cpu) / calls;
  return [micros, (allocatedBytes() - allocated) / calls];
}

async function main(): Promise<void> {
  const rounds = Number(Deno.args.find((arg) => !arg.startsWith("--")) ?? 15);
  const against = Deno.args.find((arg) => arg.startsWith("--against="))?.slice(10);
  const here = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
  const ours = await listenerSideOf(here);
  const handlers: [string, Handler][] = [["this checkout", ours.handler]];
  if (against) handlers.push([`--against ${against}`, (await listenerSideOf(against)).handler]);

  const plans = [];
  for (const hot of hotRequests()) {
    const build = receivedOf(hot);
    const reference = await (await handlers[0][1](build())).text();
    const { result, error } = JSON.parse(reference);
    const steps: [string, () => Promise<unknown>][] = [
      ["make the request (the listener's part)", () => Promise.resolve(ours.receive(build()))],
      [
        "bare: parse and answer the same bytes",
        async () => await (await bareHandler({ result, error })(build())).arrayBuffer(),
      ],
    ];
    for (const [name, handler] of handlers) {
      const answer = await (await handler(build())).text();
      if (answer !== reference) throw new Error(`${name} answers ${hot.label} differently.`);
      steps.push([
        `the fetch handler, ${name}`,
        async () => await (await handler(build())).arrayBuffer(),
      ]);
    }
    plans.push({ hot, steps });
  }

  const times = plans.map(({ steps }) => steps.map(() => [[], []] as [number[], number[]]));
  for (const { steps } of plans) for (const [, run] of steps) await timeBatch(run);
  for (let round = 0; round < rounds; round++) {
    for (const [p, { steps }] of plans.entries()) {
      const order = round % 2 === 0 ? [...steps.keys()] : [...steps.keys()].reverse();
      for (const s of order) {
        const [micros, bytes] = await timeBatch(steps[s][1]);
        times[p][s][0].push(micros);
        times[p][s][1].push(bytes);
      }
    }
  }
  const load = Deno.loadavg()[0];
  console.log(`${rounds} rounds, load average ${load.toFixed(2)} at the end; CPU µs and KB/call`);
  for (const [p, { hot, steps }] of plans.entries()) {
    console.log(hot.label);
    for (const [s, [step]] of steps.entries()) {
      const [micros, bytes] = times[p][s];
      const cpu = median(micros).toFixed(1).padStart(8);
      const range = `(${Math.min(...micros).toFixed(1)}-${Math.max(...micros).toFixed(1)})`;
      const kb = (median(bytes) / 1024).toFixed(1).padStart(7);
      console.log(`  ${cpu} µs ${range.padEnd(15)} ${kb} KB  ${step}`);
    }
    if (against) {
      // Batches of the same round ran back to back: their ratio cancels a slow spell.
      const [ours, theirs] = times[p].slice(-2).map(([micros]) => micros);
      const ratios = ours.map((micros, round) => micros / theirs[round]).toSorted((a, b) => a - b);
      const quartile = (q: number) => ratios[Math.round(q * (ratios.length - 1))].toFixed(2);
      console.log(
        `  CPU this checkout / the other, per round: median ${quartile(0.5)}x ` +
          `(quartiles ${quartile(0.25)}-${quartile(0.75)})`,
      );
    }
  }
}

if (import.meta.main) await main();
