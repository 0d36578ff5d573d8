/**
 * The HTTP/1.1 listener as raw TCP clients see it: what it answers, and how it lets go of
 * clients that are slow, idle, too many or too big.
 */

import assert from "node:assert/strict";
import { until } from "./_test_utils.ts";
import { RawClient, splitAnswers, statusOf } from "./testing.ts";
import { type Http1Server, type ListenerLimits, receivedBody, serve } from "./mod.ts";

const LIMITS: ListenerLimits = {
  headersTimeoutMs: 400,
  bodyTimeoutMs: 400,
  idleTimeoutMs: 300,
  writeTimeoutMs: 1_000,
  maxConnections: 8,
  maxHeadBytes: 1024,
  maxBodyBytes: 4096,
  maxBufferedBytes: 1024 * 1024,
};

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A server that answers with the method, path, body length and Host it received. */
function start(limits: Partial<ListenerLimits> = {}): Http1Server {
  return serve(
    { hostname: "127.0.0.1", port: 0, limits: { ...LIMITS, ...limits } },
    (request) => {
      const body = decoder.decode(receivedBody(request));
      const url = new URL(request.url);
      return Response.json({
        method: request.method,
        path: url.pathname + url.search,
        length: body.length,
        host: request.headers.get("host"),
      });
    },
  );
}

function post(body: string, headers = ""): string {
  return `POST /mcp?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}` +
    `Content-Length: ${encoder.encode(body).length}\r\n\r\n${body}`;
}

Deno.test("answers requests on a kept-alive connection, pipelined or not", async () => {
  const server = start();
  const client = await RawClient.connect(server);
  try {
    await client.send(post("abc") + post("defgh"));
    await client.send("GET /healthz HTTP/1.1\r\nHost: example.test:8000\r\n\r\n");
    const answers = await client.readAnswers(3);
    assert.deepEqual(answers.map(statusOf), [200, 200, 200]);
    const bodies = answers.map((answer) => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n"))));
    assert.deepEqual(bodies, [
      { method: "POST", path: "/mcp?x=1", length: 3, host: "127.0.0.1" },
      { method: "POST", path: "/mcp?x=1", length: 5, host: "127.0.0.1" },
      { method: "GET", path: "/healthz", length: 0, host: "example.test:8000" },
    ]);
  } finally {
    client.close();
    await server.shutdown();
  }
});

Deno.test("reads chunked bodies and answers Expect: 100-continue", async () => {
  const server = start();
  const client = await RawClient.connect(server);
  try {
    await client.send(
      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n" +
        "Expect: 100-continue\r\n\r\n",
    );
    await client.send("4\r\nabcd\r\n3;ext=1\r\nefg\r\n0\r\nTrailer: x\r\n\r\n");
    const [interim, answer] = await client.readAnswers(2);
    assert.equal(interim, "HTTP/1.1 100 Continue\r\n\r\n");
    assert.ok(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
    assert.match(answer, /"length":7/);
  } finally {
    client.close();
    await server.shutdown();
  }
});

Deno.test("refuses malformed and ambiguous requests with 400, 431, 413, 501 or 505", async () => {
  const server = start();
  const cases: [string, number][] = [
    ["GARBAGE\r\n\r\n", 400],
    ["POST / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n", 400],
    ["POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400],
    ["POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", 400],
    ["POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400],
    ["POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501],
    ["GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505],
    [`GET / HTTP/1.1\r\nHost: x\r\nX: ${"a".repeat(2000)}\r\n\r\n`, 431],
    ["POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n", 413],
    [
      "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" +
      `1000\r\n${"a".repeat(4096)}\r\n1\r\na\r\n0\r\n\r\n`,
      413,
    ],
  ];
  try {
    for (const [request, status] of cases) {
      const client = await RawClient.connect(server);
      await client.send(request);
      const { text, closed } = await client.readToEnd();
      client.close();
      assert.equal(statusOf(text), status, JSON.stringify(request.slice(0, 60)));
      assert.ok(closed, "the connection is closed after a refusal");
      assert.match(text, /content-type: text\/plain/);
      assert.ok(!text.includes("gzip"), "nothing is echoed");
    }
  } finally {
    await server.shutdown();
  }
});

Deno.test("cuts off clients that send nothing, trickle the head or the body, or idle", async () => {
  const server = start();
  const trickle = (client: RawClient, text: string) =>
    setInterval(() => client.send(text).catch(() => {}), 100);
  try {
    const silent = await RawClient.connect(server);
    const slowHead = await RawClient.connect(server);
    await slowHead.send("POST /mcp HTTP/1.1\r\nHost: x\r\n");
    const headTimer = trickle(slowHead, "X: y\r\n");
    const slowBody = await RawClient.connect(server);
    await slowBody.send("POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 4000\r\n\r\nab");
    const bodyTimer = trickle(slowBody, "a");
    const idle = await RawClient.connect(server);
    await idle.send(post("x"));

    const [silentEnd, headEnd, bodyEnd, idleEnd] = await Promise.all(
      [silent, slowHead, slowBody, idle].map((client) => client.readToEnd()),
    );
    clearInterval(headTimer);
    clearInterval(bodyTimer);
    for (const end of [silentEnd, headEnd, bodyEnd, idleEnd]) assert.ok(end.closed);
    assert.equal(statusOf(silentEnd.text), 408);
    assert.equal(statusOf(headEnd.text), 408);
    assert.equal(statusOf(bodyEnd.text), 408);
    // The kept-alive client got its answer, then was let go without another.
    assert.deepEqual(splitAnswers(idleEnd.text).map(statusOf), [200]);
    for (const client of [silent, slowHead, slowBody, idle]) client.close();
    // The server counts a connection out once it has seen it close, which a client may see first.
    await until(() => server.connections === 0, "no open connection on the server");
  } finally {
    await server.shutdown();
  }
});

Deno.test("connections over the limit get 503 with Retry-After, and others get in later", async () => {
  const server = start({ maxConnections: 3, headersTimeoutMs: 5_000 });
  const held = await Promise.all([1, 2, 3].map(() => RawClient.connect(server)));
  try {
    // The held connections are counted once accepted: a first request on each shows that.
    for (const client of held) await client.send(post("x", "Connection: keep-alive\r\n"));
    for (const client of held) assert.equal(statusOf((await client.readAnswers(1))[0]), 200);
    const extra = await RawClient.connect(server);
    await extra.send(post("x"));
    const { text, closed } = await extra.readToEnd();
    extra.close();
    assert.equal(statusOf(text), 503);
    assert.match(text, /retry-after: 1/i);
    assert.ok(closed);

    held.pop()!.close();
    // The freed slot is counted as free once the server sees the close.
    await until(() => server.connections === 2, "the closed connection counted out");
    const next = await RawClient.connect(server);
    await next.send(post("x", "Connection: close\r\n"));
    const { text: answer } = await next.readToEnd();
    next.close();
    assert.equal(statusOf(answer), 200);
  } finally {
    for (const client of held) client.close();
    await server.shutdown();
  }
});

Deno.test("HTTP/1.0 and Connection: close end the connection after the answer", async () => {
  const server = start();
  try {
    for (const request of [post("x", "Connection: close\r\n"), "GET / HTTP/1.0\r\n\r\n"]) {
      const client = await RawClient.connect(server);
      await client.send(request);
      const { text, closed } = await client.readToEnd();
      client.close();
      assert.equal(statusOf(text), 200);
      assert.match(text, /connection: close/i);
      assert.ok(closed);
    }
  } finally {
    await server.shutdown();
  }
});

Deno.test("a body that finds the buffer budget taken gets 503 with Retry-After", async () => {
  const server = start({ maxBodyBytes: 200_000, maxBufferedBytes: 110_000 });
  const holder = await RawClient.connect(server);
  const refused = await RawClient.connect(server);
  try {
    // The first body is kept in a 64 KiB block and one for the rest: 100,000 bytes of 110,000.
    await holder.send(`POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n`);
    await holder.send("a".repeat(70_000));
    await until(async () => {
      const probe = await RawClient.connect(server);
      await probe.send(post("b".repeat(40_000)));
      const { text } = await probe.readToEnd();
      probe.close();
      if (statusOf(text) === 200) return false;
      assert.equal(statusOf(text), 503);
      assert.match(text, /retry-after: 1/i);
      return true;
    }, "a 503 once the budget is taken");
    // Once the first body is done, its bytes are given back.
    await holder.send("a".repeat(30_000));
    assert.equal(statusOf((await holder.readAnswers(1))[0]), 200);
    await refused.send(post("c".repeat(40_000), "Connection: close\r\n"));
    const { text } = await refused.readToEnd();
    assert.equal(statusOf(text), 200);
    assert.match(text, /"length":40000/);
  } finally {
    holder.close();
    refused.close();
    await server.shutdown();
  }
});

Deno.test("shutdown closes idle connections at once and lets a request in progress finish", async () => {
  const server = start({ bodyTimeoutMs: 5_000 });
  const idle = await RawClient.connect(server);
  const busy = await RawClient.connect(server);
  try {
    await idle.send(post("x", "Connection: keep-alive\r\n"));
    await idle.readAnswers(1);
    await busy.send(`POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab`);
    await until(() => server.connections === 2, "both connections accepted");
    // The head is read once its bytes arrive; the server cannot be asked when, so it is waited for.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = server.shutdown(5_000);
    const idleEnd = await idle.readToEnd();
    assert.ok(idleEnd.closed);
    await busy.send("cd");
    const { text, closed } = await busy.readToEnd();
    assert.equal(statusOf(text), 200);
    assert.match(text, /connection: close/);
    assert.match(text, /"length":4/);
    assert.ok(closed);
    assert.deepEqual(await stopped, { busy: 1, cutOff: 0 });
  } finally {
    idle.close();
    busy.close();
  }
});

Deno.test("shutdown closes what is still in progress when the grace period ends", async () => {
  const server = start({ bodyTimeoutMs: 5_000 });
  const busy = await RawClient.connect(server);
  try {
    await busy.send(`POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const report = await server.shutdown(100);
    assert.deepEqual(report, { busy: 1, cutOff: 1 });
    const { closed } = await busy.readToEnd();
    assert.ok(closed);
  } finally {
    busy.close();
  }
});
