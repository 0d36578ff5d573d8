/**
 * Reading a request body under a cap: what is accepted, each refusal as the client gets it, and
 * that reading follows the bytes that arrive, never the length a client declares.
 */

import assert from "node:assert/strict";
import { receive } from "@render-results/http1/testing";
import { MAX_BODY_BYTES, readJsonBody } from "./body.ts";
import type { RequestContext } from "./steps.ts";

const URL = "http://127.0.0.1/mcp";
const JSON_TYPE = { "content-type": "application/json" };
const LIMIT = 64;
const encoder = new TextEncoder();

/** A body stream of `chunks` that counts what was pulled from it and whether it was cancelled. */
function countedStream(chunks: Uint8Array[]) {
  const stream = {
    pulled: 0,
    cancelled: false,
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[stream.pulled++];
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      },
      cancel() {
        stream.cancelled = true;
      },
    }, { highWaterMark: 0 }),
  };
  return stream;
}

/** A POST with `body` and `headers` (JSON unless they say otherwise). */
function request(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request(URL, { method: "POST", headers: { ...JSON_TYPE, ...headers }, body });
}

/** What the body step did: handed the parsed body on, or answered in its place. */
type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

/** Runs the body step on `request`, as the steps of `/mcp` run it. */
async function read(
  request: Request,
  signal: AbortSignal,
  limit?: number,
): Promise<BodyResult> {
  const context: RequestContext = { request, url: new globalThis.URL(request.url), signal };
  let handedOn = false;
  const response = await readJsonBody(limit)(context, () => {
    handedOn = true;
    return Promise.resolve(new Response());
  });
  return handedOn ? { ok: true, value: context.message } : { ok: false, response };
}

/** The value of an accepted body. */
function accepted(result: BodyResult): unknown {
  assert.ok(result.ok, "the body was refused");
  return result.value;
}

/** Asserts `result` refuses with `status`, JSON-RPC `code` and `message`, and no request id. */
async function assertRefused(
  result: BodyResult,
  status: number,
  code: number,
  message: string,
): Promise<void> {
  assert.ok(!result.ok, "the body was accepted");
  assert.equal(result.response.status, status);
  assert.match(result.response.headers.get("content-type") ?? "", /^application\/json/);
  assert.deepEqual(await result.response.json(), {
    jsonrpc: "2.0",
    error: { code, message },
    id: null,
  });
}

const TOO_LARGE = `Request body too large: the limit is ${LIMIT} bytes.`;

Deno.test("a JSON body is parsed, with or without a charset", async () => {
  const body = { jsonrpc: "2.0", id: 1, method: "tools/list", params: { note: "é😀" } };
  for (const type of ["application/json", "application/json; charset=utf-8"]) {
    const result = await read(
      request(JSON.stringify(body), { "content-type": type }),
      new AbortController().signal,
    );
    assert.deepEqual(accepted(result), body, type);
  }
});

Deno.test("a body not declared as JSON is refused with 415 before it is read", async () => {
  for (const headers of [{ "content-type": "text/plain" }, { "content-type": "" }]) {
    const stream = countedStream([encoder.encode("{}")]);
    const result = await read(request(stream.body, headers), new AbortController().signal);
    await assertRefused(
      result,
      415,
      -32000,
      "Unsupported media type: the Content-Type must be application/json.",
    );
    assert.equal(stream.pulled, 0);
  }
});

Deno.test("the cap is 1 MiB unless given, and its message names it", async () => {
  const result = await read(
    request(null, { "content-length": String(MAX_BODY_BYTES + 1) }),
    new AbortController().signal,
  );
  await assertRefused(result, 413, -32000, "Request body too large: the limit is 1,048,576 bytes.");
});

Deno.test("a body of exactly the cap is read; one byte more is refused with 413", async () => {
  const exact = `"${"a".repeat(LIMIT - 2)}"`;
  const signal = new AbortController().signal;
  assert.equal(
    accepted(await read(request(exact), signal, LIMIT)),
    exact.slice(1, -1),
  );
  const over = await read(request(`${exact} `), signal, LIMIT);
  await assertRefused(over, 413, -32000, TOO_LARGE);
});

Deno.test("a declared length over the cap is refused at once, without reading the body", async () => {
  const stream = countedStream([encoder.encode("{}")]);
  const result = await read(
    request(stream.body, { "content-length": String(LIMIT + 1) }),
    new AbortController().signal,
    LIMIT,
  );
  await assertRefused(result, 413, -32000, TOO_LARGE);
  assert.equal(stream.pulled, 0);
});

Deno.test("a stream without a length (chunked) is cut off as soon as it passes the cap", async () => {
  const chunks = Array.from({ length: 100 }, () => encoder.encode("x".repeat(16)));
  const stream = countedStream(chunks);
  const result = await read(
    request(stream.body),
    new AbortController().signal,
    LIMIT,
  );
  await assertRefused(result, 413, -32000, TOO_LARGE);
  assert.equal(stream.pulled, LIMIT / 16 + 1, "reading stopped at the chunk that passed the cap");
  assert.ok(stream.cancelled, "the rest of the body was cancelled");
});

Deno.test("a declared length under the cap lets no more bytes in than the cap", async () => {
  const chunks = Array.from({ length: 10 }, () => encoder.encode("x".repeat(16)));
  const stream = countedStream(chunks);
  const result = await read(
    request(stream.body, { "content-length": "2" }),
    new AbortController().signal,
    LIMIT,
  );
  await assertRefused(result, 413, -32000, TOO_LARGE);
  assert.ok(stream.cancelled);
});

Deno.test("chunks are joined before decoding, even inside a multi-byte character", async () => {
  const bytes = encoder.encode(JSON.stringify({ text: "a😀é" }));
  const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
  const result = await read(
    request(countedStream(chunks).body),
    new AbortController().signal,
  );
  assert.deepEqual(accepted(result), { text: "a😀é" });
});

Deno.test("malformed or empty JSON is a parse error (-32700) that echoes nothing", async () => {
  for (const body of [`{"jsonrpc":"2.0",Zq7Marker`, "", "{} {}", "[1,]"]) {
    const result = await read(request(body), new AbortController().signal);
    assert.ok(!result.ok, JSON.stringify(body));
    const text = await result.response.clone().text();
    assert.ok(!text.includes("Zq7Marker"));
    await assertRefused(result, 400, -32700, "Parse error: the body is not valid JSON.");
  }
  const missing = await read(request(null), new AbortController().signal);
  await assertRefused(missing, 400, -32700, "Parse error: the body is not valid JSON.");
});

Deno.test("an abort while the body arrives stops reading, cancels the body and answers 408", async () => {
  const controller = new AbortController();
  let cancelled = false;
  const endless = new ReadableStream<Uint8Array>({
    start(stream) {
      stream.enqueue(encoder.encode('{"jsonrpc":'));
    },
    cancel() {
      cancelled = true;
    },
  });
  const reading = read(request(endless), controller.signal);
  controller.abort(new Error("deadline"));
  const result = await reading;
  await assertRefused(result, 408, -32000, "Request timeout: the body did not arrive in time.");
  assert.ok(!result.ok && result.response.headers.get("connection") === "close");
  assert.ok(cancelled);
});

Deno.test("a body the listener received whole is read under the same cap", async () => {
  const signal = new AbortController().signal;
  const exact = `"${"a".repeat(LIMIT - 2)}"`;
  const whole = (body: string) =>
    receive(
      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );
  assert.equal(
    accepted(await read(await whole(exact), signal, LIMIT)),
    exact.slice(1, -1),
  );
  await assertRefused(
    await read(await whole(`${exact} `), signal, LIMIT),
    413,
    -32000,
    TOO_LARGE,
  );
  await assertRefused(
    await read(await whole("{"), signal, LIMIT),
    400,
    -32700,
    "Parse error: the body is not valid JSON.",
  );
});
