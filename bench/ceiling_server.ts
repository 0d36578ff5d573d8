/**
 * The ceiling: a plain `Deno.serve` that parses the JSON-RPC body and answers with the request's
 * id in a fixed answer, doing none of the tool's work. The fixed answers are the project's own,
 * checked, keyed by request id, read from the JSON file named by the first argument, so it sends
 * the same bytes as the server. Run as its own process; prints its URL on stderr.
 * @module
 */

const answers: Record<string, { id: unknown }> = JSON.parse(await Deno.readTextFile(Deno.args[0]));

Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.error(`ceiling server on http://127.0.0.1:${port}/mcp`),
}, async (request) => {
  const { id } = await request.json();
  // The answer's own key order is kept, so the bytes are the server's.
  return Object.hasOwn(answers, id)
    ? Response.json({ ...answers[id], id })
    : new Response("Unknown request id.", { status: 400 });
});
