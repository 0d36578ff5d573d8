/**
 * Argument validation as a client sees it over HTTP: valid calls succeed with their data verbatim,
 * and one case of every rule gets JSON-RPC -32602 naming the field and the rule, never any part
 * of the submitted value. Every boundary of every rule is in
 * `tools/render_results/validate_test.ts`; here the SDK's real client and raw JSON bodies check
 * that the rules hold on the wire, also for values a client library would not send (1e309,
 * nesting 100,000 deep).
 */

import assert from "node:assert/strict";
import { createTestServer, type TestServer } from "./support/http_server.ts";
import { postJsonRpc } from "./support/mcp_http.ts";
import { type Era, ERAS, ProtocolError } from "./support/sdk_client.ts";

/** Text that appears in every submitted bad value; no error message may contain it. */
const MARKER = "Zq7Marker";
const SMILE = "😀"; // One code point, two UTF-16 units, four UTF-8 bytes.

const source = (extra: Record<string, unknown> = {}) => ({
  title: "A source",
  url: "https://example.com/a",
  ...extra,
});
const one = (extra: Record<string, unknown>) => ({ results: [source(extra)] });

/** Arguments with one result whose metadata pads their JSON to exactly `bytes` UTF-8 bytes. */
function argumentsOfBytes(bytes: number): Record<string, unknown> {
  const size = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
  const room = bytes - size(one({ metadata: { note: MARKER } }));
  const args = one({ metadata: { note: MARKER + "é".repeat(room >> 1) + "a".repeat(room & 1) } });
  assert.equal(size(args), bytes, "test setup: argument size");
  return args;
}

/**
 * Posts a `tools/call` whose arguments are the raw JSON text `argumentsJson`, as a 2025-era
 * request or (`era` modern) a 2026-07-28 one with its `_meta` and standard headers.
 */
async function callRaw(server: TestServer, argumentsJson: string, era: Era = "legacy") {
  const meta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",` +
    `"io.modelcontextprotocol/clientCapabilities":{}},`;
  const headers = {
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": "tools/call",
    "mcp-name": "render_results",
  };
  const response = await postJsonRpc(
    server.fetch,
    server.url,
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{${era === "modern" ? meta : ""}` +
      `"name":"render_results","arguments":${argumentsJson}}}`,
    era === "modern" ? headers : {},
  );
  return { status: response.status, text: await response.text() };
}

const valid: [string, Record<string, unknown>][] = [
  ["an empty list", { results: [] }],
  ["50 results", { results: Array.from({ length: 50 }, () => source()) }],
  ["a heading of 120 code points (astral)", { results: [], title: SMILE.repeat(120) }],
  ["an internationalized URL", one({ url: "https://例え.jp/パス?q=ü" })],
  ["an IPv6 URL with a port", one({ url: "http://[::1]:8080/" })],
  [
    "metadata 32 levels deep",
    one({ metadata: { a: JSON.parse("[".repeat(31) + "]".repeat(31)) } }),
  ],
  ["arguments of exactly 65,536 bytes", argumentsOfBytes(65536)],
];

/** [case, arguments, field the message must name, words the message must contain] */
const invalid: [string, unknown, string, string][] = [
  ["missing arguments", undefined, "arguments", "must be an object"],
  ["an unknown top-level field", { results: [], [MARKER]: 1 }, "arguments", "unknown field"],
  ["missing results", { title: MARKER }, "results", "is required"],
  ["results not an array", { results: MARKER }, "results", "must be an array"],
  ["51 results", { results: Array.from({ length: 51 }, () => source()) }, "results", "at most 50"],
  ["a result that is a string", { results: [source(), MARKER] }, "results[1]", "must be an object"],
  ["an unknown result field", one({ [MARKER]: "x" }), "results[0]", "unknown field"],
  ["a missing title", { results: [{ url: "https://a.example/" }] }, "results[0].title", "required"],
  ["a numeric title", one({ title: 42 }), "results[0].title", "must be a string"],
  ["an empty title", one({ title: "" }), "results[0].title", "at least 1"],
  ["a blank title", one({ title: " \u0085\u3000\n" }), "results[0].title", "blank"],
  [
    "a title of 301 code points",
    one({ title: MARKER + SMILE.repeat(292) }),
    "results[0].title",
    "300",
  ],
  [
    "a heading of 121 code points",
    { results: [], title: MARKER + SMILE.repeat(112) },
    "title",
    "120",
  ],
  ["a blank id", one({ id: "\u2028\t" }), "results[0].id", "blank"],
  [
    "a snippet of 2,001 code points",
    one({ text: MARKER + "é".repeat(1992) }),
    "results[0].text",
    "2,000",
  ],
  [
    "a URL with a tab",
    one({ url: `https://exa\tmple.com/${MARKER}` }),
    "results[0].url",
    "whitespace",
  ],
  ["an ftp: URL", one({ url: `ftp://example.com/${MARKER}` }), "results[0].url", "http or https"],
  [
    "a URL with an empty host",
    one({ url: `http:///${MARKER}.example/` }),
    "results[0].url",
    "host name",
  ],
  [
    "a URL that URL parsers read differently",
    one({ url: `http://${MARKER}\\@example.com/` }),
    "results[0].url",
    "every URL parser",
  ],
  [
    "a URL with a username",
    one({ url: `https://${MARKER}@example.com/` }),
    "results[0].url",
    "username",
  ],
  [
    "a URL with an empty username",
    one({ url: "https://@example.com/" }),
    "results[0].url",
    "username",
  ],
  ["metadata as an array", one({ metadata: [MARKER] }), "results[0].metadata", "JSON object"],
  [
    "metadata 33 levels deep",
    one({ metadata: { [MARKER]: JSON.parse("[".repeat(32) + "]".repeat(32)) } }),
    "results[0].metadata",
    "at most 32 levels",
  ],
  ["arguments of 65,537 bytes", argumentsOfBytes(65537), "arguments", "65,536 bytes"],
];

/** Asserts a -32602 error message names `field`, states `rule` and echoes nothing. */
function assertRefusal(message: string, field: string, rule: string): void {
  assert.ok(message.startsWith(`Invalid ${field}: `), message);
  assert.ok(message.includes(rule), message);
  assert.ok(!message.includes(MARKER), `the message echoes the value: ${message}`);
  assert.ok(message.length < 200, `the message is not concise: ${message}`);
}

Deno.test("render_results accepts valid arguments over HTTP", async (t) => {
  await using server = await createTestServer();
  const client = await server.connect();
  for (const [name, args] of valid) {
    await t.step(name, async () => {
      const result = await client.callTool({ name: "render_results", arguments: args });
      assert.equal(result.isError, false);
      const structured = result.structuredContent as { total: number; results: unknown[] };
      assert.equal(structured.total, (args.results as unknown[]).length);
    });
  }
});

Deno.test("render_results refuses each rule's breach with -32602 naming field and rule", async (t) => {
  await using server = await createTestServer();
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
      assert.ok(error instanceof ProtocolError, `expected a ProtocolError, got ${error}`);
      assert.equal(error.code, -32602);
      assertRefusal(error.message, field, rule);
    });
  }
});

Deno.test("render_results refuses raw arguments no client library would send", async (t) => {
  await using server = await createTestServer();
  const deep = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
  const cases: [string, string, string, string][] = [
    // An own key, as `JSON.parse` makes it: results cannot be smuggled in through it.
    ["an own __proto__ field", `{"__proto__":{"results":[]}}`, "arguments", "unknown field"],
    [
      "metadata nested 100,000 deep",
      `{"results":[{"title":"t","url":"https://a.example/","metadata":{"${MARKER}":${
        deep(100_000)
      }}}]}`,
      "results[0].metadata",
      "at most 32 levels",
    ],
    [
      "a number too large for a double",
      `{"results":[{"title":"t","url":"https://a.example/","metadata":{"${MARKER}":1e309}}]}`,
      "results[0].metadata",
      "finite numbers",
    ],
  ];
  for (const [name, argumentsJson, field, rule] of cases) {
    await t.step(name, async () => {
      const { status, text } = await callRaw(server, argumentsJson);
      assert.equal(status, 200, text);
      const body = JSON.parse(text);
      assert.equal(body.error?.code, -32602, text);
      assert.equal(body.result, undefined);
      assertRefusal(body.error.message, field, rule);
    });
  }
});

Deno.test("an own __proto__ key in the arguments is an unknown field, in both eras, on both paths", async (t) => {
  const argumentsJson = `{"results":[],"__proto__":{"${MARKER}":1}}`;
  for (const leanResponder of [true, false]) {
    await using server = await createTestServer({}, { leanResponder });
    for (const era of ERAS) {
      const path = leanResponder ? "the lean responder" : "the SDK's responder alone";
      await t.step(`${era} era, ${path}, from the SDK's client`, async () => {
        const client = await server.connect(era);
        // A valid call first, from which the lean responder learns the kind and then answers itself.
        await client.callTool({ name: "render_results", arguments: { results: [] } });
        const error = await client.callTool({
          name: "render_results",
          arguments: JSON.parse(argumentsJson),
        }).then(
          () => assert.fail("the call succeeded"),
          (error: unknown) => error,
        );
        assert.ok(error instanceof ProtocolError, `expected a ProtocolError, got ${error}`);
        assert.equal(error.code, -32602);
        assertRefusal(error.message, "arguments", "unknown field");
      });
      await t.step(`${era} era, ${path}, sent raw`, async () => {
        const { status, text } = await callRaw(server, argumentsJson, era);
        assert.equal(status, 200, text);
        const body = JSON.parse(text);
        assert.equal(body.error?.code, -32602, text);
        assert.equal(body.result, undefined);
        assertRefusal(body.error.message, "arguments", "unknown field");
      });
    }
  }
});

Deno.test("render_results refuses arguments that are not an object, sent raw", async (t) => {
  await using server = await createTestServer();
  for (const argumentsJson of [`["${MARKER}"]`, `"${MARKER}"`, "null", "1"]) {
    await t.step(argumentsJson, async () => {
      const body = JSON.parse((await callRaw(server, argumentsJson)).text);
      assert.equal(body.error?.code, -32602, JSON.stringify(body));
      assert.match(body.error.message, /arguments/);
      assert.equal(body.result, undefined);
      assert.ok(!JSON.stringify(body).includes(MARKER));
    });
  }
});

Deno.test("metadata with __proto__ and other odd keys comes back verbatim", async () => {
  await using server = await createTestServer();
  const metadata =
    `{"__proto__":{"admin":true},"constructor":{"prototype":{}},"toString":"x","":[-0,1e308]}`;
  const { text } = await callRaw(
    server,
    `{"results":[{"title":"t","url":"https://a.example/","metadata":${metadata}}]}`,
  );
  const body = JSON.parse(text);
  const returned = body.result.structuredContent.results[0].metadata;
  assert.deepEqual(Object.keys(returned), ["__proto__", "constructor", "toString", ""]);
  assert.equal(JSON.stringify(returned), JSON.stringify(JSON.parse(metadata)));
  assert.equal(Object.getPrototypeOf(returned), Object.prototype);
});
