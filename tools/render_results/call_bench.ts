/**
 * The tool's call on a page of 50 results, ASCII and non-Latin-1, with its arguments measured and
 * with the size settled by the byte length of the body, as the server calls it. `deno bench` runs
 * it.
 */

import { callRenderResults } from "./call.ts";
import type { JsonSource } from "./json_size.ts";

const WORDS = ["deno", "server", "results", "card", "source", "view", "protocol", "stream"];

/** 50 results with ~400-character snippets; `word` is mixed in to make the text non-Latin-1. */
function page(word: string): { args: Record<string, unknown>; source: JsonSource } {
  const results = Array.from({ length: 50 }, (_, i) => {
    const text = Array.from({ length: 60 }, (_, j) => j % 17 === 5 ? word : WORDS[(i + j) % 8]);
    return {
      title: `Result ${i}: ${WORDS[i % 8]} and ${WORDS[(i + 3) % 8]}`,
      url: `https://docs.example.com/guide/${WORDS[i % 8]}/${i}?ref=search#part-${i}`,
      text: text.join(" ").slice(0, 400),
      metadata: { published: "2026-11-30", author: `Author ${i}`, tags: ["docs", "mcp"] },
    };
  });
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "render_results", arguments: { results } },
  });
  const byteLength = new TextEncoder().encode(body).byteLength;
  return { args: JSON.parse(body).params.arguments, source: { byteLength } };
}

for (const [name, word] of [["ASCII", "plain"], ["non-Latin-1", "東京"]]) {
  const { args, source } = page(word);
  Deno.bench(`${name}: arguments measured`, { group: name, baseline: true }, () => {
    callRenderResults(args);
  });
  Deno.bench(`${name}: size settled by the body`, { group: name }, () => {
    callRenderResults(args, source);
  });
}
