/**
 * The ceiling: a bare `Deno.serve` that parses the JSON-RPC body and answers a fixed result
 * with the request's id, doing none of the tool's work. The fixed results are the project's own
 * verified answers, one per workload (keyed by the workload's request id), read from the JSON
 * file named by the first argument, so the ceiling sends the same bytes as the server under test.
 * Run as its own process; prints its URL on stderr.
 * @module
 */

type Answer = { result: unknown } | { error: unknown };

const answers: Record<string, Answer> = JSON.parse(await Deno.readTextFile(Deno.args[0]));
const UNKNOWN: Answer = { error: { code: -32601, message: "Method not found" } };

Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.error(`ceiling server on http://127.0.0.1:${port}/mcp`),
}, async (request) => {
  const message = await request.json();
  const answer = Object.hasOwn(answers, message.id) ? answers[message.id] : UNKNOWN;
  return Response.json({ ...answer, jsonrpc: "2.0", id: message.id });
});
