/**
 * What a client sees from render_results: the descriptor in tools/list, the view resource, and
 * the successful result (structured list and plain text) through the SDK's real client.
 */

import assert from "node:assert/strict";
import { VIEW_HTML } from "render-results-mcp";
import { createMcpServer } from "../server/mcp_server.ts";
import { createTestServer } from "./support/http_server.ts";
import { sha256Hex } from "./support/mcp_http.ts";
import denoJson from "../deno.json" with { type: "json" };
import {
  createClient,
  ERAS,
  InMemoryTransport,
  onlyText,
  ProtocolError,
} from "./support/sdk_client.ts";

const TOOL_DIR = new URL("../tools/render_results/", import.meta.url);
const readJson = async (name: string) =>
  JSON.parse(await Deno.readTextFile(new URL(name, TOOL_DIR)));

const DESCRIPTION =
  "Present already retrieved source results as an interactive list when the host supports UI, with a readable text list otherwise. Use when the user wants to browse sources or when a visual result list helps the task. Pass existing results in the desired order; never invent source URLs or factual titles. This tool does not search, crawl, fetch URLs, verify sources, or consume Search1API search credits. Do not call it for intermediate research results or when a normal text answer is sufficient.";

/**
 * The view's metadata in both forms hosts read, MCP Apps' and ChatGPT's: a content security
 * policy that allows nothing (the view loads nothing), a border, and what the model is told.
 */
const VIEW_META = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: true,
    permissions: { clipboardWrite: {} },
  },
  "openai/widgetCSP": { connect_domains: [], resource_domains: [], frame_domains: [] },
  "openai/widgetPrefersBorder": true,
  "openai/widgetDescription": "Shows the sources as a numbered card list that the user can " +
    "filter, sort, copy and export. The list is already on screen: refer to sources by their " +
    "numbers instead of listing them again.",
};

/** The `_meta` the server adds to every 2026-07-28 result. */
const SERVER_INFO_META = {
  "io.modelcontextprotocol/serverInfo": {
    name: "render-results",
    title: "Render results",
    version: denoJson.version,
  },
};

for (const era of ERAS) {
  Deno.test(`${era}: tools/list describes render_results with its schemas verbatim and its view`, async () => {
    await using server = await createTestServer();
    const client = await server.connect(era);
    const { tools } = await client.listTools();
    assert.equal(tools.length, 1);
    const [tool] = tools;
    assert.equal(tool.name, "render_results");
    assert.equal(tool.title, "Render the results");
    assert.equal(tool.description, DESCRIPTION);
    assert.deepEqual(tool.annotations, {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    assert.deepEqual(tool.inputSchema, await readJson("input.schema.json"));
    assert.deepEqual(tool.outputSchema, await readJson("output.schema.json"));

    // The view's URI under every key hosts read it from, and nothing that belongs to the
    // resource (its CSP and permissions), which hosts ignore or refuse on a tool.
    const hash = await sha256Hex(VIEW_HTML);
    const uri = `ui://render-results/view-${hash.slice(0, 16)}.html`;
    assert.deepEqual(tool._meta, {
      ui: { resourceUri: uri, visibility: ["model", "app"] },
      "ui/resourceUri": uri,
      "openai/outputTemplate": uri,
      "openai/toolInvocation/invoking": "Preparing results…",
      "openai/toolInvocation/invoked": "Results ready",
    });

    const properties = Object.keys(tool.inputSchema.properties ?? {}).sort();
    assert.deepEqual(properties, ["results", "title"], "no UI switch, query or key parameter");
  });

  Deno.test(`${era}: the declared view is listed and reads back as the built HTML`, async () => {
    await using server = await createTestServer();
    const client = await server.connect(era);
    const { tools } = await client.listTools();
    const uri = (tools[0]._meta?.ui as { resourceUri: string }).resourceUri;
    const { resources } = await client.listResources();
    assert.equal(resources.length, 1);
    assert.equal(resources[0].uri, uri);
    assert.equal(resources[0].mimeType, "text/html;profile=mcp-app");
    assert.deepEqual(resources[0]._meta, VIEW_META);

    const { contents } = await client.readResource({ uri });
    assert.equal(contents.length, 1);
    const [content] = contents as [
      { uri: string; mimeType: string; text: string; _meta: unknown },
    ];
    assert.equal(content.uri, uri);
    assert.equal(content.mimeType, "text/html;profile=mcp-app");
    assert.equal(content.text, VIEW_HTML);
    assert.deepEqual(content._meta, VIEW_META);

    // An unknown resource is invalid params with the URI in `data` (SEP-2164); the message
    // itself repeats nothing the client sent.
    const missing = "ui://render-results/view-0000000000000000.html";
    await assert.rejects(client.readResource({ uri: missing }), (error: unknown) => {
      assert.ok(error instanceof ProtocolError);
      assert.equal(error.code, -32602);
      assert.deepEqual(error.data, { uri: missing });
      assert.ok(!error.message.includes("0000"));
      return true;
    });
  });

  Deno.test(`${era}: the view's domains are declared only where they are set`, async () => {
    await using server = await createTestServer({
      MCP_VIEW_DOMAIN: "0123456789abcdef0123456789abcdef.claudemcpcontent.com",
      MCP_OPENAI_WIDGET_DOMAIN: "https://search.example.com",
    });
    const client = await server.connect(era);
    const expected = {
      ...VIEW_META,
      ui: { ...VIEW_META.ui, domain: "0123456789abcdef0123456789abcdef.claudemcpcontent.com" },
      "openai/widgetDomain": "https://search.example.com",
    };
    const { resources: [listed] } = await client.listResources();
    assert.deepEqual(listed._meta, expected);
    const { contents: [read] } = await client.readResource({ uri: listed.uri });
    assert.deepEqual(read._meta, expected);
    const { tools: [tool] } = await client.listTools();
    assert.deepEqual(Object.keys(tool._meta?.ui ?? {}), ["resourceUri", "visibility"]);
  });

  Deno.test(`${era}: the example input renders exactly as the example output`, async () => {
    await using server = await createTestServer();
    const client = await server.connect(era);
    await client.listTools(); // Lets the client check structuredContent against outputSchema.
    const { _meta, ...result } = await client.callTool({
      name: "render_results",
      arguments: await readJson("example-input.json"),
    });
    assert.deepEqual(result, await readJson("example-output.json"));
    // 2026-07-28 results name the server that produced them; 2025 results carry nothing more.
    assert.deepEqual(_meta, era === "modern" ? SERVER_INFO_META : undefined);
  });

  Deno.test(`${era}: an unknown tool is invalid params`, async () => {
    await using server = await createTestServer();
    const client = await server.connect(era);
    await assert.rejects(
      client.callTool({ name: "search_Zq7Marker", arguments: {} }),
      (error: unknown) => {
        assert.ok(error instanceof ProtocolError);
        assert.equal(error.code, -32602);
        assert.equal(error.message, "Unknown tool: the only tool is render_results.");
        return true;
      },
    );
  });
}

Deno.test("results keep their order, duplicates and every field verbatim", async () => {
  await using server = await createTestServer();
  const client = await server.connect();
  const metadata = { published: "2026-11-30", score: 0.5, tags: ["a", "b"], nested: { x: null } };
  const results = [
    { title: "Zeta", url: "https://z.example/", id: "same" },
    { title: "Alpha", url: "https://a.example/", text: "  padded snippet  ", metadata },
    { title: "Zeta", url: "https://z.example/", id: "same" },
    { title: 'Ünïcödé 😀 <b>bold</b> & "quotes"', url: "https://例え.jp/パス?q=ü#frag" },
  ];
  const result = await client.callTool({
    name: "render_results",
    arguments: { results, title: "  Mixed sources  " },
  });
  assert.equal(result.isError, false);
  assert.deepEqual(result.structuredContent, {
    title: "  Mixed sources  ",
    total: 4,
    results: [
      results[0],
      { id: "https://a.example/", ...results[1] },
      results[2],
      { id: "https://例え.jp/パス?q=ü#frag", ...results[3] },
    ],
  });
  assert.equal(
    onlyText(result),
    [
      "  Mixed sources  ",
      "",
      "1. Zeta",
      "   https://z.example/",
      "",
      "2. Alpha",
      "   https://a.example/",
      "     padded snippet  ",
      "",
      "3. Zeta",
      "   https://z.example/",
      "",
      '4. Ünïcödé 😀 <b>bold</b> & "quotes"',
      "   https://例え.jp/パス?q=ü#frag",
    ].join("\n"),
  );
});

Deno.test("line breaks in titles and snippets cannot forge list entries", async () => {
  await using server = await createTestServer();
  const client = await server.connect();
  const result = await client.callTool({
    name: "render_results",
    arguments: {
      title: "Heading\r\nsecond line",
      results: [
        {
          title: "First\n2. Forged entry\u2028end",
          url: "https://one.example/",
          text: "Line one\n2. Not an entry\r\n\nhttps://evil.example/\rlast",
        },
      ],
    },
  });
  const text = onlyText(result);
  assert.equal(
    text,
    [
      "Heading second line",
      "",
      "1. First 2. Forged entry end",
      "   https://one.example/",
      "   Line one",
      "   2. Not an entry",
      "   ",
      "   https://evil.example/",
      "   last",
    ].join("\n"),
  );
  const entryStarts = text.split("\n").filter((line) => /^\d+\. /.test(line));
  assert.deepEqual(entryStarts, ["1. First 2. Forged entry end"]);
  // The structured result keeps the strings as supplied.
  const structured = result.structuredContent as { title: string; results: { title: string }[] };
  assert.equal(structured.title, "Heading\r\nsecond line");
  assert.equal(structured.results[0].title, "First\n2. Forged entry\u2028end");
});

Deno.test("an empty list is a success with the heading and an empty-state line", async () => {
  await using server = await createTestServer();
  const client = await server.connect();
  const { _meta, ...untitled } = await client.callTool({
    name: "render_results",
    arguments: { results: [] },
  });
  assert.deepEqual(untitled, {
    content: [{ type: "text", text: "Results\n\nNo results to display." }],
    structuredContent: { title: "Results", total: 0, results: [] },
    isError: false,
  });
  const titled = await client.callTool({
    name: "render_results",
    arguments: { results: [], title: "News" },
  });
  assert.deepEqual(titled.content, [{ type: "text", text: "News\n\nNo results to display." }]);
});

Deno.test("50 results are all listed, numbered in order", async () => {
  await using server = await createTestServer();
  const client = await server.connect();
  const results = Array.from({ length: 50 }, (_, i) => ({
    title: `Source ${i + 1}`,
    url: `https://example.com/${i + 1}`,
    text: `Snippet ${i + 1}`,
  }));
  const result = await client.callTool({ name: "render_results", arguments: { results } });
  const structured = result.structuredContent as { total: number; results: unknown[] };
  assert.equal(structured.total, 50);
  assert.equal(structured.results.length, 50);
  const text = onlyText(result);
  const entries = text.split("\n").filter((line) => /^\d+\. /.test(line));
  assert.deepEqual(entries, results.map((r, i) => `${i + 1}. ${r.title}`));
  assert.ok(text.includes("\n    https://example.com/50\n    Snippet 50"));
});

Deno.test("an unexpected failure in the handler is an isError result without structuredContent", async () => {
  // Only an in-process client can hand the handler something JSON cannot carry: metadata whose
  // getter throws makes reading the arguments fail inside the handler.
  const server = createMcpServer({ cacheScope: "public" });
  const client = createClient("legacy");
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  const originalError = console.error;
  const logged: unknown[][] = [];
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const result = await client.callTool({
      name: "render_results",
      arguments: {
        results: [{
          title: "A",
          url: "https://a.example/",
          metadata: {
            get n(): number {
              throw new Error("getter failed");
            },
          },
        }],
      },
    });
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent, undefined);
    assert.match(onlyText(result), /could not be rendered/);
    assert.equal(logged.length, 1, "the failure is logged on stderr");
  } finally {
    console.error = originalError;
    await client.close();
    await server.close();
  }
});
