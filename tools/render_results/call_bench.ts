/**
 * The tool's own work per call (`deno task bench:micro`): each call beside the work any server
 * must do for the same bytes (parse the request, serialize and encode the answer), which is the
 * group's baseline, and the call's own steps.
 * @module
 */

import { longResults, typographic } from "render-results-mcp/testing";
import { callRenderResults, type RenderOutput } from "./mod.ts";
import { formatResultText } from "./format.ts";
import { validateRenderInput } from "./validate.ts";

const encoder = new TextEncoder();

/** A search API's page of results, in ASCII and in text beyond Latin-1, which slows serializing. */
const ASCII = { title: "Sources", results: longResults(50) };
const NON_LATIN1 = { title: "Sources", results: typographic(ASCII.results) };
const CALLS = [
  ["50 results, ASCII", ASCII],
  ["50 results, non-Latin-1", NON_LATIN1],
  ["0 results", { results: [] }],
] as const;

for (const [group, args] of CALLS) {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "render_results", arguments: args },
  });
  const result = callRenderResults(args);
  Deno.bench("what any server does: parse, serialize, encode", { group, baseline: true }, () => {
    const { id } = JSON.parse(body);
    encoder.encode(JSON.stringify({ jsonrpc: "2.0", id, result }));
  });
  Deno.bench("the same with the call", { group }, () => {
    const { id, params } = JSON.parse(body);
    const answer = callRenderResults(params.arguments);
    encoder.encode(JSON.stringify({ jsonrpc: "2.0", id, result: answer }));
  });
  Deno.bench("the call alone", { group }, () => {
    callRenderResults(args);
  });
  // As the server calls it: the request body's own size can settle the argument size rule.
  const source = { byteLength: encoder.encode(body).byteLength };
  Deno.bench("the call alone, its size settled by the body", { group }, () => {
    callRenderResults(args, source);
  });
  Deno.bench("of which validation", { group }, () => {
    validateRenderInput(args);
  });
  const output = result.structuredContent as unknown as RenderOutput;
  Deno.bench("of which the text list", { group }, () => {
    formatResultText(output);
  });
}
