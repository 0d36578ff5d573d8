/**
 * HTTP/1.1 to the letter (RFC 9112, RFC 9110), over real TCP: a table of raw requests with the
 * status each gets and whether the connection stays open after it, and a property test that
 * splits valid pipelined streams at random offsets. The cases follow the RFC and the classes of
 * llhttp's own tests.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { RawClient, splitAnswers, statusOf } from "./testing.ts";
import { type Http1Server, type ListenerLimits, serve } from "./mod.ts";

const LIMITS: ListenerLimits = {
  headersTimeoutMs: 2_000,
  bodyTimeoutMs: 2_000,
  idleTimeoutMs: 2_000,
  writeTimeoutMs: 2_000,
  maxConnections: 64,
  maxHeadBytes: 2048,
  maxBodyBytes: 8192,
  maxBufferedBytes: 1024 * 1024,
};

/** A server that answers with what it understood: method, path, body and Host. */
function start(): Http1Server {
  return serve({ hostname: "127.0.0.1", port: 0, limits: LIMITS }, async (request) => {
    const url = new URL(request.url);
    return Response.json({
      method: request.method,
      path: url.pathname + url.search,
      body: request.body === null ? null : await request.text(),
      host: request.headers.get("host"),
    });
  });
}

/** A valid request sent after a case whose connection should stay open. */
const NEXT = "GET /next HTTP/1.1\r\nHost: a\r\n\r\n";
const GET = (fields: string) => `GET / HTTP/1.1\r\n${fields}\r\n`;
const POST = (fields: string, body = "") => `POST /p HTTP/1.1\r\nHost: a\r\n${fields}\r\n${body}`;
const CHUNKED = (chunks: string) => POST("Transfer-Encoding: chunked\r\n", chunks);

type Case = [name: string, request: string, status: number, fate: "open" | "closed"];

const CASES: Case[] = [
  // Request line.
  ["a plain GET", GET("Host: a\r\n"), 200, "open"],
  ["empty lines before the request line", `\r\n\r\n${GET("Host: a\r\n")}`, 200, "open"],
  ["a lowercase method is another method", "post / HTTP/1.1\r\nHost: a\r\n\r\n", 501, "closed"],
  ["TRACE", "TRACE / HTTP/1.1\r\nHost: a\r\n\r\n", 501, "closed"],
  ["CONNECT", "CONNECT a:443 HTTP/1.1\r\nHost: a:443\r\n\r\n", 501, "closed"],
  ["a method that is not a token", "G(T / HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["two spaces after the method", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["a space after the version", "GET / HTTP/1.1 \r\nHost: a\r\n\r\n", 400, "closed"],
  ["a lowercase version", "GET / http/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["HTTP/1.2", "GET / HTTP/1.2\r\nHost: a\r\n\r\n", 505, "closed"],
  ["HTTP/2.0", "GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505, "closed"],
  ["garbage", "GARBAGE\r\n\r\n", 400, "closed"],
  // Request target.
  ["a tab in the path", "GET /mc\tp HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["a backslash in the path", "GET /x\\..\\mcp HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["a NUL in the path", "GET /a\x00 HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["a fragment", "GET /a#b HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["a bad percent escape", "GET /%zz HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["non-ASCII in the path", "GET /\xe9 HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["a good percent escape and query", "GET /a%2Fb?c=d&e HTTP/1.1\r\nHost: a\r\n\r\n", 200, "open"],
  ["an absolute-form target", "GET http://b.example:81/x HTTP/1.1\r\nHost: a\r\n\r\n", 200, "open"],
  ["absolute-form with userinfo", "GET http://u@b/ HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["absolute-form of another scheme", "GET ftp://b/ HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["absolute-form without a host", "GET http:///x HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  ["OPTIONS *", "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", 204, "open"],
  ["the asterisk-form with GET", "GET * HTTP/1.1\r\nHost: a\r\n\r\n", 400, "closed"],
  // Host.
  ["no Host on HTTP/1.1", GET(""), 400, "closed"],
  ["two Hosts", GET("Host: a\r\nHost: a\r\n"), 400, "closed"],
  ["a Host with a space", GET("Host: a b\r\n"), 400, "closed"],
  ["a Host with a path", GET("Host: a/b\r\n"), 400, "closed"],
  ["a Host with userinfo", GET("Host: u@a\r\n"), 400, "closed"],
  ["a Host with a bad port", GET("Host: a:8x\r\n"), 400, "closed"],
  ["an IPv6 Host", GET("Host: [::1]:8000\r\n"), 200, "open"],
  ["no Host on HTTP/1.0", "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", 200, "open"],
  // Field lines.
  ["SP and HTAB around a value", GET("Host: \t a \t\r\n"), 200, "open"],
  ["obs-text in a value", GET("Host: a\r\nX: caf\xe9\r\n"), 200, "open"],
  ["a space before the colon", GET("Host : a\r\n"), 400, "closed"],
  ["a folded line", GET("Host: a\r\nX: b\r\n c\r\n"), 400, "closed"],
  ["whitespace before the first field", "GET / HTTP/1.1\r\n Host: a\r\n\r\n", 400, "closed"],
  ["an empty field name", GET("Host: a\r\n: b\r\n"), 400, "closed"],
  ["a name that is not a token", GET('Host: a\r\nX"Y: b\r\n'), 400, "closed"],
  ["a control character in a value", GET("Host: a\r\nX: b\x01c\r\n"), 400, "closed"],
  ["DEL in a value", GET("Host: a\r\nX: b\x7f\r\n"), 400, "closed"],
  ["a NUL in a value", GET("Host: a\r\nX: b\x00\r\n"), 400, "closed"],
  ["a bare LF ending the head", "GET / HTTP/1.1\nHost: a\n\n", 400, "closed"],
  ["a bare LF ending a field", GET("Host: a\nX: b\r\n"), 400, "closed"],
  ["a bare CR in a field", GET("Host: a\rX: b\r\n"), 400, "closed"],
  ["a head over the limit", GET(`Host: a\r\nX: ${"a".repeat(2100)}\r\n`), 431, "closed"],
  ["a name with @", GET("Host: a\r\nFo@: b\r\n"), 400, "closed"],
  ["a name with a control character", GET("Host: a\r\nFoo\x01test: b\r\n"), 400, "closed"],
  ["a CR as a hyphen in a value", GET("Host: a\r\nConnection: keep\ralive\r\n"), 400, "closed"],
  ["a line smuggled after a bare CR", GET("Host: a\r\n\rZGET /evil: HTTP/1.1\r\n"), 400, "closed"],
  ["a folded Content-Length", POST("Foo: bar\r\n Content-Length: 3\r\n", "abc"), 400, "closed"],
  // Content-Length.
  ["a body by Content-Length", POST("Content-Length: 3\r\n", "abc"), 200, "open"],
  ["Content-Length folded from equal values", POST("Content-Length: 3, 3\r\n", "abc"), 200, "open"],
  [
    "Content-Length twice, equal",
    POST("Content-Length: 3\r\nContent-Length: 3\r\n", "abc"),
    200,
    "open",
  ],
  [
    "Content-Length twice, different",
    POST("Content-Length: 3\r\nContent-Length: 4\r\n", "abcd"),
    400,
    "closed",
  ],
  ["Content-Length with a sign", POST("Content-Length: +3\r\n", "abc"), 400, "closed"],
  ["Content-Length in hex", POST("Content-Length: 0x3\r\n", "abc"), 400, "closed"],
  ["Content-Length with a space inside", POST("Content-Length: 3 3\r\n", "abc"), 400, "closed"],
  ["Content-Length empty", POST("Content-Length:\r\n", ""), 400, "closed"],
  ["Content-Length after a VT", POST("Content-Length:\x0b3\r\n", "abc"), 400, "closed"],
  ["Content-Length before a FF", POST("Content-Length: 3\x0c\r\n", "abc"), 400, "closed"],
  ["Content-Length before a NBSP", POST("Content-Length: 3\xa0\r\n", "abc"), 400, "closed"],
  ["Content-Length over the limit", POST("Content-Length: 9000\r\n"), 413, "closed"],
  ["Content-Length of 20 digits", POST("Content-Length: 99999999999999999999\r\n"), 413, "closed"],
  [
    "a bare CR instead of the empty line",
    POST("Content-Length: 3\r\n").slice(0, -2) + "\rabc",
    400,
    "closed",
  ],
  [
    "a field name in any case, HTTP/1.0",
    "GET / HTTP/1.0\r\nconTENT-Length: 5\r\n\r\nHELLO",
    200,
    "closed",
  ],
  // Transfer-Encoding.
  ["a chunked body", CHUNKED("3\r\nabc\r\n0\r\n\r\n"), 200, "open"],
  ["chunked in capitals", POST("Transfer-Encoding: CHUNKED\r\n", "0\r\n\r\n"), 200, "open"],
  [
    "both Content-Length and chunked",
    POST("Content-Length: 3\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"),
    400,
    "closed",
  ],
  [
    "chunked on HTTP/1.0",
    "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    400,
    "closed",
  ],
  [
    "chunked before another coding",
    POST("Transfer-Encoding: chunked, gzip\r\n", "0\r\n\r\n"),
    400,
    "closed",
  ],
  ["chunked twice", POST("Transfer-Encoding: chunked, chunked\r\n", "0\r\n\r\n"), 400, "closed"],
  ["gzip then chunked", POST("Transfer-Encoding: gzip, chunked\r\n", "0\r\n\r\n"), 501, "closed"],
  ["gzip alone", POST("Transfer-Encoding: gzip\r\n"), 501, "closed"],
  ["chunked before a VT", POST("Transfer-Encoding: chunked\x0b\r\n", "0\r\n\r\n"), 400, "closed"],
  ["chunked before a NBSP", POST("Transfer-Encoding: chunked\xa0\r\n", "0\r\n\r\n"), 400, "closed"],
  // Chunks.
  ["chunk extensions", CHUNKED('3;a=b;c="d\\"e";f\r\nabc\r\n0;g\r\n\r\n'), 200, "open"],
  ["trailer fields", CHUNKED("3\r\nabc\r\n0\r\nX: y\r\nZ: w\r\n\r\n"), 200, "open"],
  ["a space after the chunk size", CHUNKED("3 \r\nabc\r\n0\r\n\r\n"), 400, "closed"],
  ["a space before the chunk size", CHUNKED(" 3\r\nabc\r\n0\r\n\r\n"), 400, "closed"],
  ["a space before an extension", CHUNKED("3 ;a\r\nabc\r\n0\r\n\r\n"), 400, "closed"],
  ["a chunk size that is not hex", CHUNKED("g\r\nabc\r\n0\r\n\r\n"), 400, "closed"],
  ["a bare LF after the chunk size", CHUNKED("3\nabc\r\n0\r\n\r\n"), 400, "closed"],
  ["chunk data longer than its size", CHUNKED("3\r\nabcd\r\n0\r\n\r\n"), 400, "closed"],
  ["chunk data not ended by CRLF", CHUNKED("3\r\nabc\n0\r\n\r\n"), 400, "closed"],
  ["an extension without a name", CHUNKED("3;=b\r\nabc\r\n0\r\n\r\n"), 400, "closed"],
  ["an unterminated quoted extension", CHUNKED('3;a="b\r\nabc\r\n0\r\n\r\n'), 400, "closed"],
  [
    "chunk extensions over the limit",
    CHUNKED(`3;a=${"b".repeat(5000)}\r\nabc\r\n0\r\n\r\n`),
    413,
    "closed",
  ],
  ["chunks over the body limit", CHUNKED("2001\r\n"), 413, "closed"],
  ["a huge chunk size", CHUNKED("ffffffffffffffffffff\r\n"), 413, "closed"],
  ["a trailer that is not a field", CHUNKED("0\r\ngarbage\r\n\r\n"), 400, "closed"],
  ["a trailer with a control character", CHUNKED("0\r\nX: a\x01\r\n\r\n"), 400, "closed"],
  ["trailers over the limit", CHUNKED(`0\r\nX: ${"a".repeat(2100)}\r\n\r\n`), 431, "closed"],
  // Connection and Expect.
  ["Connection: close", GET("Host: a\r\nConnection: close\r\n"), 200, "closed"],
  ["HTTP/1.0 without keep-alive", "GET / HTTP/1.0\r\n\r\n", 200, "closed"],
  ["an expectation other than 100-continue", GET("Host: a\r\nExpect: teapot\r\n"), 417, "closed"],
];

Deno.test("raw requests get the status the RFC asks for, and the connection its fate", async () => {
  const server = start();
  const failures: string[] = [];
  try {
    for (const [name, request, status, fate] of CASES) {
      const client = await RawClient.connect(server);
      try {
        await client.send(request + (fate === "open" ? NEXT : ""));
        // Open: the next request on the same connection is answered too. Closed: the server
        // ends the connection after its answer.
        const { text, closed } = fate === "open"
          ? { text: (await client.readAnswers(2)).join(""), closed: false }
          : await client.readToEnd();
        const statuses = splitAnswers(text).map(statusOf);
        const expected = fate === "open" ? [status, 200] : [status];
        if (
          JSON.stringify(statuses) !== JSON.stringify(expected) || closed !== (fate === "closed")
        ) {
          failures.push(`${name}: got ${statuses.join(", ")} and ${closed ? "closed" : "open"}`);
        }
        if (status >= 400 && !/content-type: text\/plain/.test(text)) {
          failures.push(`${name}: the refusal is not plain text`);
        }
      } finally {
        client.close();
      }
    }
  } finally {
    await server.shutdown();
  }
  assert.deepEqual(failures, []);
});

/** The JSON bodies of `answers`. */
function bodiesOf(answers: string[]): Record<string, unknown>[] {
  return answers.map((answer) => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)));
}

Deno.test("an absolute-form target's authority replaces the Host sent", async () => {
  const server = start();
  const client = await RawClient.connect(server);
  try {
    await client.send("GET http://b.example:81/x?y HTTP/1.1\r\nHost: a\r\n\r\n");
    const [body] = bodiesOf(await client.readAnswers(1));
    assert.deepEqual(body, { method: "GET", path: "/x?y", body: null, host: "b.example:81" });
  } finally {
    client.close();
    await server.shutdown();
  }
});

Deno.test("HEAD gets GET's headers, Content-Length included, and no body", async () => {
  // An application that answers HEAD as GET, as `Deno.serve`'s handlers may.
  const server = serve(
    { hostname: "127.0.0.1", port: 0, limits: LIMITS },
    (request) => Response.json({ path: new URL(request.url).pathname }),
  );
  const heads: string[] = [];
  try {
    for (const method of ["GET", "HEAD"]) {
      const client = await RawClient.connect(server);
      await client.send(`${method} /same HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`);
      const { text } = await client.readToEnd();
      client.close();
      const [head, body] = text.split("\r\n\r\n");
      heads.push(head.replace(/^date: .*$/im, ""));
      if (method === "HEAD") assert.equal(body, "");
      else assert.match(body, /"path":"\/same"/);
    }
    assert.equal(heads[1], heads[0]);
    assert.match(heads[1], /content-length: 16/);
  } finally {
    await server.shutdown();
  }
});

Deno.test("HTTP/1.0 gets no 100 Continue, and keep-alive only when it asks, and is told", async () => {
  const server = start();
  try {
    const client = await RawClient.connect(server);
    await client.send(
      "POST /p HTTP/1.0\r\nExpect: 100-continue\r\nConnection: keep-alive\r\n" +
        "Content-Length: 2\r\n\r\nab",
    );
    const [answer] = await client.readAnswers(1);
    assert.match(answer, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(answer, /connection: keep-alive/i);
    await client.send("GET / HTTP/1.0\r\n\r\n");
    const { text, closed } = await client.readToEnd();
    client.close();
    assert.deepEqual(splitAnswers(text).map(statusOf), [200, 200]);
    assert.match(splitAnswers(text)[1], /connection: close/i);
    assert.ok(closed);
    assert.doesNotMatch(text, / 100 /);
  } finally {
    await server.shutdown();
  }
});

/** `count` pipelined POSTs, each `size` bytes long in all, numbered in their paths. */
function pipelined(count: number, size: number): string {
  let stream = "";
  for (let i = 0; i < count; i++) {
    const head = `POST /n${i} HTTP/1.1\r\nHost: a\r\nContent-Length: `;
    const bodyLength = size - head.length - 8;
    stream += `${head}${String(bodyLength).padStart(4, "0")}\r\n\r\n${"x".repeat(bodyLength)}`;
  }
  return stream;
}

Deno.test("160 pipelined 1,000-byte requests get 160 answers, in order", async () => {
  const server = start();
  const client = await RawClient.connect(server);
  try {
    const stream = pipelined(160, 1000);
    assert.equal(stream.length, 160_000);
    await client.send(stream);
    const answers = await client.readAnswers(160);
    assert.deepEqual(answers.map(statusOf), Array(160).fill(200));
    assert.deepEqual(
      bodiesOf(answers).map((body) => body.path),
      [...Array(160).keys()].map((i) => `/n${i}`),
    );
  } finally {
    client.close();
    await server.shutdown();
  }
});

Deno.test("valid pipelined streams split at random offsets are answered alike", async () => {
  const server = start();
  const requests = [
    "GET /a HTTP/1.1\r\nHost: a\r\n\r\n",
    "POST /b HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello",
    "POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" +
    '2;x="y"\r\nhe\r\n3\r\nllo\r\n0\r\nT: v\r\n\r\n',
    "\r\nOPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n",
    "HEAD /d HTTP/1.1\r\nHost: a\r\n\r\n",
    "GET http://b.example/e HTTP/1.1\r\nHost: a\r\n\r\n",
  ];
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: requests.length - 1 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 40 }),
        async (picks, cuts) => {
          const stream = picks.map((pick) => requests[pick]).join("") +
            "GET /last HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n";
          const client = await RawClient.connect(server);
          try {
            let at = 0;
            for (const cut of cuts) {
              if (at >= stream.length) break;
              await client.send(stream.slice(at, at + cut));
              at += cut;
            }
            if (at < stream.length) await client.send(stream.slice(at));
            const { text, closed } = await client.readToEnd();
            // Answers follow one another with no line between: a status line starts anywhere.
            const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3}) [A-Za-z ]+\r\n/g)]
              .map((match) => Number(match[1]));
            const expected = picks.map((pick) => (requests[pick].includes("OPTIONS") ? 204 : 200));
            assert.deepEqual(statuses, [...expected, 200]);
            assert.ok(closed);
            for (const pick of new Set(picks)) {
              const path = ["/a", "/b", "/c", undefined, undefined, "/e"][pick];
              if (path) assert.match(text, new RegExp(`"path":"${path}"`));
            }
            assert.equal(
              (text.match(/"body":"hello"/g) ?? []).length,
              picks.filter((p) => p === 1 || p === 2).length,
            );
          } finally {
            client.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  } finally {
    await server.shutdown();
  }
});
