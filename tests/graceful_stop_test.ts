/**
 * A graceful stop, as a container platform asks for one on every deploy: SIGTERM to the real
 * process while a request is arriving; the request is answered, idle connections are closed,
 * one line is logged and the process exits 0. Over HTTP (as `deno task start` runs it) and over
 * stdio (`deno task stdio`).
 */

import assert from "node:assert/strict";
import { logLines, MCP_ACCEPT } from "./support/mcp_http.ts";
import { RawClient, splitAnswers, statusOf } from "@render-results/http1/testing";
import { spawnTask, startProject, stopAfterAnswer } from "./support/server_process.ts";

const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" });

function toolsList(connection: string): string {
  return `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Accept: ${MCP_ACCEPT}\r\nConnection: ${connection}\r\n` +
    `Content-Length: ${TOOLS_LIST.length}\r\n\r\n`;
}

Deno.test("SIGTERM lets a request that is still arriving finish, closes idle ones, exits 0", async () => {
  await using server = await startProject({ LOG_LEVEL: "warn" });
  const port = Number(server.url.port);
  const addr = { addr: { hostname: "127.0.0.1", port, transport: "tcp" as const } };
  const slow = await RawClient.connect(addr);
  const idle = await RawClient.connect(addr);
  try {
    // A first answer on each shows that the server holds both connections.
    for (const client of [slow, idle]) {
      await client.send(toolsList("keep-alive") + TOOLS_LIST);
      assert.equal(statusOf((await client.readAnswers(1))[0]), 200);
    }
    // The slow client sends its head and half its body, then the server is told to stop.
    const half = TOOLS_LIST.length >> 1;
    await slow.send(toolsList("keep-alive") + TOOLS_LIST.slice(0, half));
    await new Promise((resolve) => setTimeout(resolve, 200));
    Deno.kill(server.pid, "SIGTERM");
    // The idle connection is let go without an answer.
    const idleEnd = await idle.readToEnd();
    assert.ok(idleEnd.closed);
    assert.equal(splitAnswers(idleEnd.text).length, 1);
    await slow.send(TOOLS_LIST.slice(half));
    const { text, closed } = await slow.readToEnd();
    const answers = splitAnswers(text);
    assert.deepEqual(answers.map(statusOf), [200, 200]);
    assert.match(answers[1], /connection: close/);
    assert.match(answers[1], /"tools":\[/);
    assert.ok(closed);
  } finally {
    slow.close();
    idle.close();
  }
  const { code } = await server.status;
  assert.equal(code, 0);
  const stops = logLines(server.stderr()).filter((line) => line.message === "Stopped on SIGTERM.");
  assert.equal(stops.length, 1);
  assert.equal(stops[0].inFlight, 1);
  assert.equal(stops[0].cutOff, 0);
});

Deno.test("SIGTERM over stdio answers what was read, logs one line and exits 0", async () => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "stop-test", version: "1" },
    },
  };
  const { code, stdout, stderr } = await stopAfterAnswer(
    spawnTask(["--quiet", "stdio"]),
    JSON.stringify(initialize) + "\n",
  );
  assert.match(stdout, /"protocolVersion":"2025-11-25"[^]*"id":1\}/);
  assert.equal(code, 0);
  const stops = logLines(stderr).filter((line) => line.message === "Stopped on SIGTERM.");
  assert.equal(stops.length, 1, stderr);
  assert.equal(stops[0].cutOff, 0);
});
