/**
 * A small load generator for machines without wrk: `connections` concurrent loops POST the
 * body for `seconds` and check every answer for HTTP 200 and the marker (which may be empty).
 * Run as its own process:
 *
 * `deno run --allow-net --allow-read bench/load_generator.ts URL BODY_FILE MARKER SECONDS CONNECTIONS HEADERS`
 *
 * where HEADERS is a JSON object of headers to send besides Content-Type and Accept.
 *
 * Prints one JSON line with the same fields as `wrk.lua`.
 * @module
 */

import { MCP_HEADERS } from "./verify.ts";

const [url, bodyFile, marker, seconds, connections, extraHeaders] = Deno.args;
const body = await Deno.readFile(bodyFile);
const headers = { ...MCP_HEADERS, ...JSON.parse(extraHeaders ?? "{}") };
const latencies: number[] = [];
let bad = 0;
let errors = 0;

const start = performance.now();
const end = start + Number(seconds) * 1000;

async function loop(): Promise<void> {
  while (performance.now() < end) {
    const sent = performance.now();
    try {
      const response = await fetch(url, { method: "POST", headers, body });
      const text = await response.text();
      latencies.push(performance.now() - sent);
      if (response.status !== 200 || !text.includes(marker)) bad++;
    } catch {
      errors++;
    }
  }
}

await Promise.all(Array.from({ length: Number(connections) }, loop));
const duration = performance.now() - start;
latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  latencies.length === 0
    ? 0
    : latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
console.log(JSON.stringify({
  requests: latencies.length,
  durationUs: Math.round(duration * 1000),
  bad,
  errors,
  p50Us: Math.round(percentile(0.5) * 1000),
  p99Us: Math.round(percentile(0.99) * 1000),
}));
