/**
 * The request log as users get it: the server started as `deno task start` starts it, with its
 * default log level, answers a burst of calls on many connections and is stopped with SIGTERM in
 * the middle of it. Every answer the clients received has its one log line, and every line on
 * stderr is one whole JSON object. A server whose stderr is closed by its reader goes on
 * answering and stops as usual.
 */

import assert from "node:assert/strict";
import { JSON_RPC_HEADERS } from "./support/mcp_http.ts";
import { PROJECT_READY, projectCommand } from "./support/server_process.ts";

const ROOT = new URL("../", import.meta.url).pathname;
/** Clients sending at once, each on its own connections. */
const CLIENTS = 16;
/** Answers received before the server is told to stop. */
const ANSWERS_BEFORE_STOP = 600;

const CALL = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: {
    name: "render_results",
    arguments: {
      results: [{ title: "Streamable HTTP", url: "https://example.com/mcp/http", text: "東京" }],
    },
  },
});

/**
 * The server's process with its stderr, and its URL once it announced it. With
 * `closeStderrOnceReady`, stderr is read up to that line and then closed, as a log collector
 * that dies closes it.
 */
function startServer({ closeStderrOnceReady = false } = {}) {
  const command = projectCommand();
  const child = new Deno.Command(Deno.execPath(), {
    args: command.args,
    cwd: ROOT,
    env: { ...command.env, NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const ready = Promise.withResolvers<URL>();
  const stderr = (async () => {
    const decoder = new TextDecoder();
    let text = "";
    for await (const chunk of child.stderr) {
      text += decoder.decode(chunk, { stream: true });
      const match = text.match(PROJECT_READY);
      if (match) ready.resolve(new URL("/mcp", match[1]));
      if (match && closeStderrOnceReady) break;
    }
    ready.reject(new Error(`The server did not start:\n${text}`));
    return text;
  })();
  return { child, url: ready.promise, stderr };
}

Deno.test("each answered request leaves one whole JSON line on stderr, after a burst and SIGTERM", async () => {
  const { child, url, stderr } = startServer();
  let answered = 0;
  let stopped = false;
  const client = async (endpoint: URL) => {
    // Each client sends until the stopping server refuses its connection.
    for (;;) {
      let response: Response;
      try {
        response = await fetch(endpoint, { method: "POST", headers: JSON_RPC_HEADERS, body: CALL });
        await response.arrayBuffer();
      } catch {
        return;
      }
      assert.equal(response.status, 200);
      answered++;
      if (answered >= ANSWERS_BEFORE_STOP && !stopped) {
        stopped = true;
        child.kill("SIGTERM");
      }
    }
  };
  try {
    const endpoint = await url;
    await Promise.all(Array.from({ length: CLIENTS }, () => client(endpoint)));
  } finally {
    if (!stopped) child.kill("SIGTERM");
  }
  const { code } = await child.status;
  const text = await stderr;
  assert.equal(code, 0);
  const lines = text.split("\n").filter((line) => line !== "");
  const records = lines.map((line) => {
    try {
      return JSON.parse(line);
    } catch {
      assert.fail(`a log line is not one whole JSON object: ${line.slice(0, 200)}`);
    }
  });
  const requestLines = records.filter((record) => record.path === "/mcp");
  assert.ok(answered >= ANSWERS_BEFORE_STOP);
  assert.equal(requestLines.length, answered);
  assert.ok(
    requestLines.every((record) => record.status === 200 && record.tool === "render_results"),
  );
  assert.equal(records.filter((record) => record.message === "Stopped on SIGTERM.").length, 1);
});

Deno.test("a server whose log reader went away goes on answering, and stops cleanly", async () => {
  const { child, url, stderr } = startServer({ closeStderrOnceReady: true });
  try {
    const endpoint = await url;
    await stderr;
    // More answers than lines held at once, so that some of their lines are written to the
    // closed pipe while requests are still being answered.
    for (let round = 0; round < 30; round++) {
      const statuses = await Promise.all(Array.from({ length: 10 }, async () => {
        const response = await fetch(endpoint, {
          method: "POST",
          headers: JSON_RPC_HEADERS,
          body: CALL,
        });
        await response.arrayBuffer();
        return response.status;
      }));
      assert.deepEqual(statuses, Array(10).fill(200));
    }
  } finally {
    child.kill("SIGTERM");
  }
  assert.equal((await child.status).code, 0);
});
