/**
 * Every argument rule of render_results, at its exact boundaries, through the SDK's real client
 * over HTTP: valid calls succeed, invalid ones get JSON-RPC -32602 naming the field and the rule,
 * never any part of the submitted value.
 */

import assert from "node:assert/strict";
import { startTestServer } from "./support/http_server.ts";
import { McpError } from "./support/sdk_client.ts";

/** Text that appears in every submitted bad value; no error message may contain it. */
const MARKER = "Zq7Marker";
const SMILE = "😀"; // One code point, two UTF-16 units, four UTF-8 bytes.

const source = (extra: Record<string, unknown> = {}) => ({
  title: "A source",
  url: "https://example.com/a",
  ...extra,
});
const sources = (count: number) => Array.from({ length: count }, () => source());
/** A URL of exactly `length` characters. */
const urlOfLength = (length: number) => {
  const prefix = `https://example.com/${MARKER}/`;
  return prefix + "a".repeat(length - prefix.length);
};
/** Arguments whose `JSON.stringify` is exactly `bytes` UTF-8 bytes, padded with `pad`. */
function argumentsOfBytes(bytes: number, pad: string): Record<string, unknown> {
  const padBytes = new TextEncoder().encode(pad).length;
  const base = { results: [source({ metadata: { note: MARKER } })] };
  const baseBytes = new TextEncoder().encode(JSON.stringify(base)).length;
  const room = bytes - baseBytes;
  const count = Math.floor(room / padBytes);
  const note = MARKER + pad.repeat(count - Math.ceil(MARKER.length / padBytes)) +
    "a".repeat(0);
  const args = { results: [source({ metadata: { note } })] };
  let size = new TextEncoder().encode(JSON.stringify(args)).length;
  let filler = "";
  while (size + filler.length < bytes) filler += "a";
  const result = { results: [source({ metadata: { note: note + filler } })] };
  size = new TextEncoder().encode(JSON.stringify(result)).length;
  assert.equal(size, bytes, "test setup: argument size");
  return result;
}

const valid: [string, Record<string, unknown>][] = [
  ["an empty list", { results: [] }],
  ["one minimal result", { results: [source()] }],
  ["50 results", { results: sources(50) }],
  ["a heading of 120 code points (astral)", { results: [], title: SMILE.repeat(120) }],
  ["a title of 300 code points (astral)", { results: [source({ title: SMILE.repeat(300) })] }],
  ["a URL of 2,048 characters", { results: [source({ url: urlOfLength(2048) })] }],
  ["an id of 2,048 code points (astral)", { results: [source({ id: SMILE.repeat(2048) })] }],
  ["a snippet of 2,000 code points (astral)", {
    results: [source({ text: SMILE.repeat(2000) })],
  }],
  ["an empty snippet", { results: [source({ text: "" })] }],
  ["nested metadata", { results: [source({ metadata: { a: [1, { b: null }], c: "d" } })] }],
  ["an upper-case scheme", { results: [source({ url: "HTTPS://EXAMPLE.COM/Path" })] }],
  ["an http URL with port, query and fragment", {
    results: [source({ url: "http://example.com:8080/a?b=c#d" })],
  }],
  ["an internationalized URL", { results: [source({ url: "https://例え.jp/パス?q=ü" })] }],
  ["arguments of exactly 65,536 bytes (ASCII)", argumentsOfBytes(65536, "a")],
  ["arguments of exactly 65,536 bytes (multi-byte)", argumentsOfBytes(65536, "é")],
];

/** [case, arguments, field the message must name, words the message must contain] */
const invalid: [string, unknown, string, string][] = [
  ["missing arguments", undefined, "arguments", "must be an object"],
  ["an unknown top-level field", { results: [], [MARKER]: 1 }, "arguments", "unknown field"],
  ["missing results", { title: "Heading" }, "results", "is required"],
  ["results not an array", { results: MARKER }, "results", "must be an array"],
  ["results as an object", { results: { 0: source() } }, "results", "must be an array"],
  ["51 results", { results: sources(51) }, "results", "at most 50 items"],
  ["a result that is a string", { results: [source(), MARKER] }, "results[1]", "must be an object"],
  ["a result that is null", { results: [null] }, "results[0]", "must be an object"],
  ["a result that is an array", { results: [[MARKER]] }, "results[0]", "must be an object"],
  [
    "an unknown result field",
    {
      results: [source(), source({ [MARKER]: "x" })],
    },
    "results[1]",
    "unknown field",
  ],
  [
    "a missing title",
    { results: [{ url: "https://example.com/" }] },
    "results[0].title",
    "is required",
  ],
  ["a numeric title", { results: [source({ title: 42 })] }, "results[0].title", "must be a string"],
  ["an empty title", { results: [source({ title: "" })] }, "results[0].title", "at least 1"],
  ["a blank title", { results: [source({ title: " \t\n " })] }, "results[0].title", "blank"],
  [
    "a title of 301 code points (astral)",
    {
      results: [source(), source(), source({ title: MARKER + SMILE.repeat(301 - MARKER.length) })],
    },
    "results[2].title",
    "at most 300 characters",
  ],
  ["an empty heading", { results: [], title: "" }, "title", "at least 1"],
  ["a blank heading", { results: [], title: "\u3000 " }, "title", "blank"],
  [
    "a heading of 121 code points",
    {
      results: [],
      title: MARKER + SMILE.repeat(121 - MARKER.length),
    },
    "title",
    "at most 120 characters",
  ],
  ["a numeric heading", { results: [], title: 7 }, "title", "must be a string"],
  ["a missing URL", { results: [{ title: MARKER }] }, "results[0].url", "is required"],
  ["a numeric URL", { results: [source({ url: 80 })] }, "results[0].url", "must be a string"],
  ["an empty URL", { results: [source({ url: "" })] }, "results[0].url", "at least 1"],
  [
    "a URL of 2,049 characters",
    {
      results: [source({ url: urlOfLength(2049) })],
    },
    "results[0].url",
    "at most 2,048 characters",
  ],
  [
    "a URL with a tab",
    {
      results: [source({ url: `https://exa\tmple.com/${MARKER}` })],
    },
    "results[0].url",
    "whitespace or control",
  ],
  [
    "a URL with a newline",
    {
      results: [source({ url: `https://example.com/${MARKER}\n` })],
    },
    "results[0].url",
    "whitespace or control",
  ],
  [
    "a URL with a leading space",
    {
      results: [source({ url: ` https://example.com/${MARKER}` })],
    },
    "results[0].url",
    "whitespace or control",
  ],
  [
    "a URL with an inner space",
    {
      results: [source({ url: `https://example.com/${MARKER} x` })],
    },
    "results[0].url",
    "whitespace or control",
  ],
  [
    "a URL with NUL",
    {
      results: [source({ url: `https://example.com/${MARKER}\u0000` })],
    },
    "results[0].url",
    "whitespace or control",
  ],
  [
    "a URL with DEL",
    {
      results: [source({ url: `https://example.com/${MARKER}\u007f` })],
    },
    "results[0].url",
    "whitespace or control",
  ],
  [
    "a URL with a no-break space",
    {
      results: [source({ url: `https://example.com/${MARKER}\u00a0` })],
    },
    "results[0].url",
    "whitespace or control",
  ],
  [
    "a URL with username and password",
    {
      results: [source({ url: `https://user:${MARKER}@example.com/` })],
    },
    "results[0].url",
    "username or password",
  ],
  [
    "a URL with a username only",
    {
      results: [source({ url: `https://${MARKER}@example.com/` })],
    },
    "results[0].url",
    "username or password",
  ],
  [
    "a javascript: URL",
    {
      results: [source({ url: `javascript:alert('${MARKER}')` })],
    },
    "results[0].url",
    "absolute http or https URL",
  ],
  [
    "an ftp: URL",
    {
      results: [source({ url: `ftp://example.com/${MARKER}` })],
    },
    "results[0].url",
    "absolute http or https URL",
  ],
  [
    "a data: URL",
    {
      results: [source({ url: `data:text/html,${MARKER}` })],
    },
    "results[0].url",
    "absolute http or https URL",
  ],
  [
    "a URL without a host",
    { results: [source({ url: "http://" })] },
    "results[0].url",
    "host name",
  ],
  [
    "a URL without slashes",
    {
      results: [source({ url: `https:${MARKER}.example.com` })],
    },
    "results[0].url",
    "absolute http or https URL",
  ],
  [
    "a relative URL",
    {
      results: [source({ url: `/${MARKER}/page` })],
    },
    "results[0].url",
    "absolute http or https URL",
  ],
  [
    "a scheme-relative URL",
    {
      results: [source({ url: `//${MARKER}.example.com/` })],
    },
    "results[0].url",
    "absolute http or https URL",
  ],
  [
    "a URL with an invalid host",
    {
      results: [source({ url: `https://exa%00mple${MARKER}.com/` })],
    },
    "results[0].url",
    "absolute http or https URL",
  ],
  ["an empty id", { results: [source({ id: "" })] }, "results[0].id", "at least 1"],
  ["a blank id", { results: [source({ id: "   " })] }, "results[0].id", "blank"],
  ["a numeric id", { results: [source({ id: 12 })] }, "results[0].id", "must be a string"],
  [
    "an id of 2,049 code points",
    {
      results: [source({ id: MARKER + "x".repeat(2049 - MARKER.length) })],
    },
    "results[0].id",
    "at most 2,048 characters",
  ],
  [
    "a snippet of 2,001 code points (astral)",
    {
      results: [source({ text: MARKER + SMILE.repeat(2001 - MARKER.length) })],
    },
    "results[0].text",
    "at most 2,000 characters",
  ],
  ["a numeric snippet", { results: [source({ text: 1 })] }, "results[0].text", "must be a string"],
  [
    "metadata as an array",
    {
      results: [source({ metadata: [MARKER] })],
    },
    "results[0].metadata",
    "JSON object",
  ],
  [
    "metadata as null",
    { results: [source({ metadata: null })] },
    "results[0].metadata",
    "JSON object",
  ],
  [
    "metadata as a string",
    {
      results: [source({ metadata: MARKER })],
    },
    "results[0].metadata",
    "JSON object",
  ],
  ["arguments of 65,537 bytes (ASCII)", argumentsOfBytes(65537, "a"), "arguments", "65,536 bytes"],
  [
    "arguments of 65,537 bytes (multi-byte)",
    argumentsOfBytes(65537, "é"),
    "arguments",
    "65,536 bytes",
  ],
  [
    "arguments far over the size limit",
    {
      results: Array.from({ length: 50 }, () => source({ text: MARKER.repeat(150) })),
    },
    "arguments",
    "65,536 bytes",
  ],
];

Deno.test("render_results accepts every valid boundary", async (t) => {
  await using server = await startTestServer();
  const client = await server.connect();
  for (const [name, args] of valid) {
    await t.step(name, async () => {
      const result = await client.callTool({ name: "render_results", arguments: args });
      assert.equal(result.isError, false);
      const structured = result.structuredContent as { total: number };
      assert.equal(structured.total, (args.results as unknown[]).length);
    });
  }
});

Deno.test("render_results refuses each invalid input with -32602 naming field and rule", async (t) => {
  await using server = await startTestServer();
  const client = await server.connect();
  for (const [name, args, field, rule] of invalid) {
    await t.step(name, async () => {
      const error = await client.callTool({
        name: "render_results",
        arguments: args as Record<string, unknown>,
      }).then(
        () => assert.fail("the call succeeded"),
        (error: unknown) => error,
      );
      assert.ok(error instanceof McpError, `expected an McpError, got ${error}`);
      assert.equal(error.code, -32602);
      const message = error.message.replace(/^MCP error -32602: /, "");
      assert.ok(message.startsWith(`Invalid ${field}: `), message);
      assert.ok(message.includes(rule), message);
      assert.ok(!message.includes(MARKER), `the message echoes the value: ${message}`);
      assert.ok(message.length < 200, `the message is not concise: ${message}`);
    });
  }
});

Deno.test("render_results refuses arguments that are not an object, sent raw", async (t) => {
  await using server = await startTestServer();
  for (const args of [[MARKER], MARKER, null, 1]) {
    await t.step(JSON.stringify(args), async () => {
      const response = await fetch(server.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "render_results", arguments: args },
        }),
      });
      const body = await response.json();
      assert.equal(body.error.code, -32602, JSON.stringify(body));
      assert.match(body.error.message, /arguments/);
      assert.equal(body.result, undefined);
      assert.ok(!JSON.stringify(body).includes(MARKER));
    });
  }
});
