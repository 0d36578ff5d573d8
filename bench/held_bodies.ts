/**
 * Memory under held bodies (`deno task held-bodies`): 300 connections each declare a 1 MiB body
 * and send half of it, then close. Prints the server's resident memory before, at its peak and
 * every half second for 10 s after they closed, with the ratio to before, once with the default
 * buffer budget and once with one large enough to hold them all. Loopback only; stops by itself.
 * @module
 */

import { residentBytes, startServer, startTask } from "./servers.ts";
import { MCP_HEADERS } from "./workloads.ts";

const CONNECTIONS = 300;
const DECLARED = 1024 * 1024;
const SENT = DECLARED / 2;
const AFTER_MS = 10_000;
const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

async function resident(pid: number): Promise<number> {
  const { now } = await residentBytes(pid);
  if (Number.isNaN(now)) throw new Error("No memory figures: /proc is needed.");
  return now;
}

/** Opens the connections, sends each a head and half a body, and returns the 503s counted. */
async function holdBodies(port: number): Promise<{ conns: Deno.TcpConn[]; refused: number }> {
  const head = new TextEncoder().encode(
    "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
      `Content-Length: ${DECLARED}\r\n\r\n`,
  );
  const half = new Uint8Array(SENT).fill(0x20);
  const conns: Deno.TcpConn[] = [];
  let refused = 0;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    conns.push(conn);
    try {
      await conn.write(head);
      for (let sent = 0; sent < SENT;) sent += await conn.write(half.subarray(sent));
    } catch {
      refused++;
    }
  }));
  return { conns, refused };
}

async function run(label: string, env: Record<string, string>): Promise<string> {
  await using server = await startServer(startTask(env));
  const port = Number(server.url.port);
  // Warm up: the first requests load and compile what every request uses.
  for (let i = 0; i < 50; i++) {
    await (await fetch(server.url, { method: "POST", headers: MCP_HEADERS, body: TOOLS_LIST }))
      .text();
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = await resident(server.pid);
  const { conns, refused } = await holdBodies(port);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const held = await resident(server.pid);
  for (const conn of conns) {
    try {
      conn.close();
    } catch {
      // Closed by the server after a 503.
    }
  }
  const closedAt = performance.now();
  const after: number[] = [];
  while (performance.now() - closedAt < AFTER_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    after.push(await resident(server.pid));
  }
  const last = after.at(-1)!;
  const backAt = after.findIndex((bytes) => bytes <= before * 1.2);
  return `${label}: before ${mb(before)}, holding ${mb(held)} (${refused} of ${CONNECTIONS} ` +
    `refused), 10 s after closing ${mb(last)} = ${(last / before).toFixed(2)}x before; ` +
    (backAt === -1 ? "never within 20%" : `within 20% after ${(backAt + 1) * 0.5} s`);
}

console.log(await run("default budget (64 MiB)", {}));
console.log(await run("budget 256 MiB", { MCP_MAX_BUFFERED_BYTES: String(256 * 1024 * 1024) }));
