/**
 * The benchmark's synthetic workloads: `tools/call render_results` bodies and what a correct
 * answer to each contains.
 * @module
 */

/** The largest arguments the tool accepts, as UTF-8 JSON bytes. */
const ARGUMENTS_CAP = 65_536;

/** One workload: the request body sent on every request and how to recognize a right answer. */
export interface Workload {
  /** Short name, also the JSON-RPC request id. */
  name: string;
  /** What the workload is, for the report. */
  label: string;
  /** The JSON-RPC request body. */
  body: string;
  /** The HTTP headers the request carries besides Content-Type and Accept. */
  headers: Record<string, string>;
  /** Bytes of `JSON.stringify(arguments)`. */
  argumentsBytes: number;
  /** What a correct answer is: the result's `structuredContent.total`, or a JSON-RPC error code. */
  expect: { total: number } | { errorCode: number };
}

/** Deterministic pseudo-random numbers (mulberry32), so every run sends the same payloads. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words of the snippets: English, with a few Latin-1 words and one beyond Latin-1 (東京). */
const WORDS = [
  "deno",
  "server",
  "protocol",
  "latency",
  "throughput",
  "schema",
  "validation",
  "stream",
  "request",
  "response",
  "context",
  "model",
  "results",
  "benchmark",
  "profile",
  "runtime",
  "cache",
  "büro",
  "naïve",
  "façade",
  "東京",
  "data",
  "the",
  "of",
  "and",
  "a",
];
/** The same words with only ASCII characters. */
const ASCII_WORDS = WORDS.filter((word) => /^[\x20-\x7e]+$/.test(word));

/** What the text of the results is made of: the words above, or only their ASCII ones. */
export type Text = "non-latin1" | "ascii";

function words(next: () => number, length: number, vocabulary: readonly string[]): string {
  let text = "";
  while (text.length < length) {
    const word = vocabulary[Math.floor(next() * vocabulary.length)];
    text += text === "" ? word[0].toUpperCase() + word.slice(1) : ` ${word}`;
    if (next() < 0.08) text += ".";
  }
  return text.slice(0, length);
}

/**
 * Builds `count` results with snippets of `snippetLength` characters, like a search API's; their
 * titles and snippets have some non-Latin-1 text unless `text` is `"ascii"`.
 */
export function makeResults(
  count: number,
  snippetLength: number,
  text: Text = "non-latin1",
): unknown[] {
  const next = random(1);
  const vocabulary = text === "ascii" ? ASCII_WORDS : WORDS;
  const results: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const host = `docs${i % 7}.example.org`;
    const title = words(next, 50 + Math.floor(next() * 50), vocabulary);
    const slug = words(next, 24, vocabulary).toLowerCase().replace(/\W+/g, "-");
    const result: Record<string, unknown> = {
      title,
      url: `https://${host}/articles/${i}/${slug}`,
      text: words(next, snippetLength, vocabulary),
    };
    if (i % 3 === 0) result.id = `result-${i}`;
    result.metadata = { source: host, published: `2026-0${1 + (i % 9)}-1${i % 10}`, rank: i + 1 };
    results.push(result);
  }
  return results;
}

/** The protocol revision a call is made in: the 2025 handshake's, or 2026-07-28's. */
type Era = "legacy" | "modern";

const MODERN_VERSION = "2026-07-28";

function callBody(id: string, args: unknown, era: Era): string {
  const params = { name: "render_results", arguments: args };
  const meta = {
    "io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: era === "modern" ? { ...params, _meta: meta } : params,
  });
}

function workload(
  name: string,
  label: string,
  args: unknown,
  expect: Workload["expect"],
  era: Era = "legacy",
): Workload {
  return {
    name,
    label,
    body: callBody(name, args, era),
    headers: era === "modern"
      ? {
        "MCP-Protocol-Version": MODERN_VERSION,
        "Mcp-Method": "tools/call",
        "Mcp-Name": "render_results",
      }
      : {},
    argumentsBytes: byteLength(args),
    expect,
  };
}

/** The longest snippet for which 50 results stay within `budget` bytes of arguments. */
function snippetLengthFor(budget: number): number {
  let low = 0;
  let high = 2000;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const size = byteLength({ title: "Near the cap", results: makeResults(50, mid) });
    if (size <= budget) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * The workloads of the benchmark: the three 50-result calls first (the main one, the same in
 * MCP 2026-07-28, and with ASCII-only text), then the call with no results, the call near the
 * argument cap and an invalid call.
 */
export function makeWorkloads(): Workload[] {
  const main = { title: "Sources", results: makeResults(50, 400) };
  const invalid = structuredClone(main);
  // The last URL is wrong, so the whole list is validated before the -32602 error.
  (invalid.results[49] as Record<string, unknown>).url = "ftp://files.example.org/archive";
  const capResults = makeResults(50, snippetLengthFor(ARGUMENTS_CAP - 512));
  return [
    workload("results_50", "50 results, some non-Latin-1 text", main, { total: 50 }),
    workload("results_50_modern", "the same in MCP 2026-07-28", main, { total: 50 }, "modern"),
    workload("results_50_ascii", "50 results, ASCII only", {
      title: "Sources",
      results: makeResults(50, 400, "ascii"),
    }, { total: 50 }),
    workload("results_0", "0 results", { results: [] }, { total: 0 }),
    workload("results_50_cap", "50 results near the 64 KiB cap", {
      title: "Near the cap",
      results: capResults,
    }, { total: 50 }),
    workload("invalid", "invalid call (-32602)", invalid, { errorCode: -32602 }),
  ];
}

function byteLength(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).byteLength;
}
