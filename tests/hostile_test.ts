/**
 * The server process as hostile clients meet it: too many connections for its file handles,
 * hundreds of connections that declare large bodies and send a few bytes, a client that sends
 * nothing, and a rebound DNS name under `deno serve`. What needs no process of its own (the
 * request deadline, the body cap) is tested in process, in `http_test.ts`.
 */

import assert from "node:assert/strict";
import { eventually } from "./support/eventually.ts";
import { MCP_ACCEPT, postJsonRpc } from "./support/mcp_http.ts";
import { readMemory, startDenoServe, startProject } from "./support/server_process.ts";

const encoder = new TextEncoder();
const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" });

/** Opens `count` TCP connections to `url`'s port; connections refused are not counted. */
async function openConnections(url: URL, count: number): Promise<Deno.TcpConn[]> {
  const connections: Deno.TcpConn[] = [];
  for (let i = 0; i < count; i++) {
    try {
      connections.push(await Deno.connect({ hostname: "127.0.0.1", port: Number(url.port) }));
    } catch {
      // The backlog is full: a refused connection holds nothing on the server.
    }
  }
  return connections;
}

function closeAll(connections: Deno.Conn[]): void {
  for (const connection of connections) {
    try {
      connection.close();
    } catch {
      // Closed by the server already.
    }
  }
}

/** The resident memory of process `pid` (anonymous and file-backed), in bytes. */
async function residentBytes(pid: number): Promise<number> {
  const memory = await readMemory(pid);
  assert.ok(memory, "no memory figures for the server");
  return memory.anonBytes + memory.fileBytes;
}

function postToolsList(url: URL): Promise<Response> {
  return postJsonRpc(fetch, url, TOOLS_LIST);
}

Deno.test("more connections than file handles: the extra ones are refused and the server lives on", async () => {
  await using server = await startProject({ LOG_LEVEL: "warn" }, { fileHandles: 256 });
  const connections = await openConnections(server.url, 600);
  try {
    assert.ok(
      connections.length > 256,
      "the test opened more connections than the server has handles",
    );
    // A connection over the limit is told 503, or when even refusing would take too many
    // handles, closed at once; it is never left waiting.
    const extra = await Deno.connect({ hostname: "127.0.0.1", port: Number(server.url.port) });
    await extra.write(encoder.encode("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
      .catch(() => 0);
    const reply = await new Response(extra.readable).text().catch(() => "");
    assert.ok(reply === "" || /^HTTP\/1\.1 503 [^]*retry-after: 1/i.test(reply), reply);
  } finally {
    closeAll(connections);
  }
  // Once they are gone, the server answers again.
  await eventually(async () => {
    const response = await postToolsList(server.url).catch(() => undefined);
    await response?.body?.cancel();
    return response?.status === 200;
  }, "an answer once the connections are closed");
  assert.doesNotMatch(server.stderr(), /Uncaught|panicked/);
});

/** Opens `count` connections that each declare a 1 MiB body and send half of it. */
async function holdHalfBodies(url: URL, count: number): Promise<Deno.TcpConn[]> {
  const connections = await openConnections(url, count);
  const head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
    'Content-Length: 1048576\r\n\r\n{"jsonrpc":';
  const half = new Uint8Array(512 * 1024).fill(0x20);
  await Promise.all(connections.map(async (connection) => {
    await connection.write(encoder.encode(head));
    // A body past the buffer budget gets 503 and its connection closed: the rest is not sent.
    for (let sent = 0; sent < half.length;) {
      sent += await connection.write(half.subarray(sent)).catch(() => half.length);
    }
  }));
  return connections;
}

Deno.test("connections that declare 1 MiB and send half cost little memory, given back on close", async () => {
  await using server = await startProject({ LOG_LEVEL: "off" });
  // A first round loads and compiles what such connections use: it is not what is measured.
  closeAll(await holdHalfBodies(server.url, 30));
  await (await postToolsList(server.url)).body?.cancel();
  const before = await residentBytes(server.pid);
  const connections = await holdHalfBodies(server.url, 300);
  try {
    // Every connection is being read once the server has answered a request made after them:
    // with tools/list, or with 503 when the held bodies have the buffer budget at that moment.
    const probe = await postToolsList(server.url);
    assert.ok([200, 503].includes(probe.status), `the probe got ${probe.status}`);
    await probe.body?.cancel();
    const grown = (await residentBytes(server.pid)) - before;
    // Reserving the declared length would take 300 MiB, holding what arrived 150 MiB: the buffer
    // budget (64 MiB by default) holds it to less, and the bodies past it get 503.
    assert.ok(grown < 96 * 1024 * 1024, `memory grew by ${Math.round(grown / 1048576)} MiB`);
  } finally {
    closeAll(connections);
  }
  await eventually(
    async () => (await residentBytes(server.pid)) <= before * 1.2,
    "resident memory back within 20% of its level before the connections",
  );
});

Deno.test("the listener's deadlines come from the environment", async () => {
  await using server = await startProject({
    MCP_HEADERS_TIMEOUT_MS: "200",
    LOG_LEVEL: "off",
  });
  const silent = await Deno.connect({ hostname: "127.0.0.1", port: Number(server.url.port) });
  const reply = await new Response(silent.readable).text();
  assert.match(reply, /^HTTP\/1\.1 408 /);
});

Deno.test("HOSTNAME, which runtimes set by themselves, does not choose the bind address", async () => {
  await using server = await startProject({ HOSTNAME: "0.0.0.0", MCP_HOSTNAME: "" });
  assert.equal(server.url.hostname, "127.0.0.1");
});

Deno.test("under deno serve, a foreign Host is refused whatever address it binds", async () => {
  await using server = await startDenoServe({ LOG_LEVEL: "off" });
  const statusFor = async (host: string) => {
    const connection = await Deno.connect({ hostname: "127.0.0.1", port: Number(server.url.port) });
    await connection.write(encoder.encode(
      `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `Accept: ${MCP_ACCEPT}\r\nConnection: close\r\n` +
        `Content-Length: ${TOOLS_LIST.length}\r\n\r\n${TOOLS_LIST}`,
    ));
    const reply = await new Response(connection.readable).text();
    return Number(reply.split(" ")[1]);
  };
  assert.equal(await statusFor(server.url.host), 200);
  assert.equal(await statusFor("evil.example"), 403);
  assert.equal(await statusFor("evil example"), 400);
});
