/**
 * A graceful stop, as a container platform asks for one on every deploy: SIGTERM to the real
 * process while a request is arriving; the request is answered, idle connections are closed,
 * one line is logged and the process exits 0. Over HTTP (as `deno task start` runs it) and over
 * stdio (`deno task stdio`).
 */

import assert from "node:assert/strict";
import { logLines, MCP_ACCEPT } from "./support/mcp_http.ts";
import { RawClient, splitAnswers, statusOf } from "@render-results/http1/testing";
import {
  requestInProgress,
  spawnTask,
  startProject,
  stopAfterAnswer,
} from "./support/server_process.ts";

const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" });

function toolsList(connection: string): string {
  return `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Accept: ${MCP_ACCEPT}\r\nConnection: ${connection}\r\n` +
    `Content-Length: ${TOOLS_LIST.length}\r\n\r\n`;
}

Deno.test("SIGTERM lets a request that is still arriving finish, closes idle ones, exits 0", async () => {
  await using server = await startProject({ LOG_LEVEL: "warn" });
  const port = Number(server.url.port);
  const idle = await RawClient.connect({ addr: { hostname: "127.0.0.1", port, transport: "tcp" } });
  try {
    // A first answer shows that the server holds the idle connection.
    await idle.send(toolsList("keep-alive") + TOOLS_LIST);
    assert.equal(statusOf((await idle.readAnswers(1))[0]), 200);
    // The slow client's head is in, its body still to come, when the server is told to stop.
    using slow = await requestInProgress(server.url, TOOLS_LIST);
    Deno.kill(server.pid, "SIGTERM");
    // The idle connection is let go without an answer.
    const idleEnd = await idle.readToEnd();
    assert.ok(idleEnd.closed);
    assert.equal(splitAnswers(idleEnd.text).length, 1);
    const answers = await slow.finish();
    assert.deepEqual(answers.map(statusOf), [100, 200]);
    assert.match(answers[1], /connection: close/);
    assert.match(answers[1], /"tools":\[/);
  } finally {
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
