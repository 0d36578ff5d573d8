/**
 * The calls the load bench sends, as users send them, and what a right answer to each is.
 * @module
 */

import { longResults, typographic } from "render-results-mcp/testing";

/** One workload: the request sent again and again, and the answer it must get. */
export interface Workload {
  /** Short name, also the JSON-RPC request id. */
  name: string;
  /** What the workload is, for the report. */
  label: string;
  body: string;
  /** Headers besides Content-Type and Accept. */
  headers: Record<string, string>;
  /** Bytes of the arguments' JSON. */
  argumentsBytes: number;
  /** `structuredContent.total` of the right answer. */
  total: number;
}

const MODERN = "2026-07-28";
/** The headers of every MCP request over HTTP. */
export const MCP_HEADERS = {
  "Content-Type": "application/json",
  "Accept": "application/json, text/event-stream",
};

function workload(name: string, label: string, args: unknown, modern = false): Workload {
  const params = { name: "render_results", arguments: args };
  const meta = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  return {
    name,
    label,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: name,
      method: "tools/call",
      params: modern ? { ...params, _meta: meta } : params,
    }),
    headers: modern
      ? { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/call", "Mcp-Name": "render_results" }
      : {},
    argumentsBytes: new TextEncoder().encode(JSON.stringify(args)).byteLength,
    total: (args as { results: unknown[] }).results.length,
  };
}

/**
 * A search API's page of 50 results with ASCII text, in the 2025 era and in MCP 2026-07-28; the
 * same with typographic apostrophes and dashes, as English snippets often have (one character
 * beyond Latin-1 makes V8 keep the whole string at two bytes a character, which slows every
 * serialization, the ceiling's too); and no results, what a call costs apart from its results.
 */
export function makeWorkloads(): Workload[] {
  const ascii = { title: "Sources", results: longResults(50) };
  const nonLatin1 = { title: "Sources", results: typographic(ascii.results) };
  return [
    workload("ascii", "50 results, ASCII text", ascii),
    workload("ascii_modern", "the same in MCP 2026-07-28", ascii, true),
    workload("non_latin1", "50 results, non-Latin-1 text", nonLatin1),
    workload("none", "0 results", { results: [] }),
  ];
}

/** A substring of every right answer's body, for wrk to look for. */
export function answerMarker(workload: Workload): string {
  return `"total":${workload.total},"results":`;
}

/** Sends `workload` once to `url`; returns the answer's body, or throws unless it is right. */
export async function checkedAnswer(url: URL, workload: Workload): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...MCP_HEADERS, ...workload.headers },
    body: workload.body,
  });
  const text = await response.text();
  const fail = (why: string) =>
    new Error(`${url} answered ${workload.name} wrongly (${why}): ${text.slice(0, 300)}`);
  if (response.status !== 200) throw fail(`HTTP ${response.status}`);
  const message = JSON.parse(text);
  const result = message.result;
  const output = result?.structuredContent;
  if (message.jsonrpc !== "2.0" || message.id !== workload.name) throw fail("not its response");
  if (result?.isError !== false || output?.total !== workload.total) throw fail("not its result");
  if (output.results?.length !== workload.total || !text.includes(answerMarker(workload))) {
    throw fail("not its results");
  }
  if (!result.content?.[0]?.text?.startsWith(output.title)) throw fail("no text list");
  return text;
}
