/**
 * `registerRenderResults` on the four kinds of server people run (an `McpServer` and a low-level
 * `Server`, of the v2 packages and of the v1 SDK), registered before and after the server's own
 * tool and resource, each driven in memory by the real client of its own line. Every kind serves
 * the same contract, and the server's own tool and resource answer exactly as they do on a twin
 * server without `render_results`, errors included. (Both lines' clients against servers over
 * HTTP and stdio are in `tests/embed_test.ts`.)
 * @module
 */

import assert from "node:assert/strict";
import * as v2Client from "@modelcontextprotocol/client";
import * as v2 from "@modelcontextprotocol/server";
import { z } from "zod";
import {
  callRenderResults,
  registerRenderResults,
  RENDER_RESULTS_TOOL,
  VIEW_CONTENTS,
  VIEW_RESOURCE,
  VIEW_URI,
  viewContents,
  viewResource,
} from "render-results-mcp";
import * as v1 from "./_test_utils.ts";

const REFRESH = { cacheMode: "refresh" } as const;
const SOURCE = { title: "A source", url: "https://example.com/a" };
const MARKER = "Zq7Marker";
const MCP_APPS = "io.modelcontextprotocol/ui";

type Line = "v1" | "v2";
type Kind = "McpServer" | "Server";
type Order = "before" | "after" | "none";

/** The calls a test makes, which the clients of both lines offer under the same names. */
interface AnyClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  getServerCapabilities(): { extensions?: Record<string, unknown> } | undefined;
}

/** A server of `line` and `kind` with a `search` tool and a `notes://today` resource of its own. */
function searchServer(line: Line, kind: Kind, order: Order): { connect: Connect } {
  const found = () => ({
    content: [{ type: "text" as const, text: "found" }],
    structuredContent: { results: [SOURCE] },
  });
  const notes = {
    contents: [{ uri: "notes://today", mimeType: "text/plain", text: "Notes" }],
  };
  const searchTool = {
    name: "search",
    description: "Finds sources.",
    inputSchema: {
      type: "object" as const,
      properties: { query: { type: "string", minLength: 1 } },
      required: ["query"],
    },
  };
  /** The low-level servers' own rules: a query is required, other tools are unknown. */
  const callOwn = (params: { name: string; arguments?: Record<string, unknown> }) => {
    if (params.name !== "search") throw new Error(`No tool ${params.name} here.`);
    if (typeof params.arguments?.query !== "string") {
      return { content: [{ type: "text" as const, text: "A query is required." }], isError: true };
    }
    return found();
  };
  const readOwn = (uri: string) => {
    if (uri !== "notes://today") throw Object.assign(new Error("No such note."), { code: -32002 });
    return notes;
  };
  const listedNotes = { uri: "notes://today", name: "notes", mimeType: "text/plain" };

  if (line === "v2" && kind === "McpServer") {
    const server = new v2.McpServer({ name: "search", version: "1.0.0" });
    if (order === "before") registerRenderResults(server);
    server.registerTool("search", {
      description: searchTool.description,
      inputSchema: v2.fromJsonSchema(searchTool.inputSchema),
    }, found);
    server.registerResource("notes", "notes://today", { mimeType: "text/plain" }, () => notes);
    if (order === "after") registerRenderResults(server);
    return { connect: () => connectV2(server) };
  }
  if (line === "v2") {
    const server = new v2.Server({ name: "search", version: "1.0.0" }, {
      capabilities: { tools: {}, resources: {} },
    });
    if (order === "before") registerRenderResults(server);
    server.setRequestHandler("tools/list", () => ({ tools: [searchTool] }));
    server.setRequestHandler("tools/call", (request) => callOwn(request.params));
    server.setRequestHandler("resources/list", () => ({ resources: [listedNotes] }));
    server.setRequestHandler("resources/read", (request) => readOwn(request.params.uri));
    if (order === "after") registerRenderResults(server);
    return { connect: () => connectV2(server) };
  }
  if (kind === "McpServer") {
    const server = new v1.McpServer({ name: "search", version: "1.0.0" });
    if (order === "before") registerRenderResults(server);
    server.registerTool("search", {
      description: searchTool.description,
      inputSchema: { query: z.string().min(1) },
    }, found);
    server.registerResource("notes", "notes://today", { mimeType: "text/plain" }, () => notes);
    if (order === "after") registerRenderResults(server);
    return { connect: () => connectV1(server) };
  }
  const server = new v1.Server({ name: "search", version: "1.0.0" }, {
    capabilities: { tools: {}, resources: {} },
  });
  if (order === "before") registerRenderResults(server);
  server.setRequestHandler(v1.ListToolsRequestSchema, () => ({ tools: [searchTool] }));
  server.setRequestHandler(v1.CallToolRequestSchema, (request) => callOwn(request.params));
  server.setRequestHandler(v1.ListResourcesRequestSchema, () => ({ resources: [listedNotes] }));
  server.setRequestHandler(v1.ReadResourceRequestSchema, (request) => readOwn(request.params.uri));
  if (order === "after") registerRenderResults(server);
  return { connect: () => connectV1(server) };
}

type Connect = () => Promise<AnyClient & AsyncDisposable>;

/** Connects the v2 client to a v2 server through memory; disposing closes both. */
async function connectV2(server: v2.McpServer | v2.Server): Promise<AnyClient & AsyncDisposable> {
  const [clientSide, serverSide] = v2Client.InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new v2Client.Client({ name: "register-test", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    listTools: () => client.listTools(undefined, REFRESH),
    callTool: (params) => client.callTool(params),
    listResources: () => client.listResources(undefined, REFRESH),
    readResource: (params) => client.readResource(params, REFRESH),
    getServerCapabilities: () => client.getServerCapabilities(),
    async [Symbol.asyncDispose]() {
      await client.close();
      await server.close();
    },
  };
}

/** Connects the v1 client to a v1 server through memory; disposing closes both. */
async function connectV1(server: v1.McpServer | v1.Server): Promise<AnyClient & AsyncDisposable> {
  const [clientSide, serverSide] = v1.InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new v1.Client({ name: "register-test", version: "1.0.0" });
  await client.connect(clientSide);
  return Object.assign(client as unknown as AnyClient, {
    async [Symbol.asyncDispose]() {
      await client.close();
      await server.close();
    },
  });
}

/** A call's result, or its JSON-RPC error's code, message (as sent) and data. */
async function outcome(call: Promise<unknown>): Promise<unknown> {
  try {
    return { result: await call };
  } catch (error) {
    const { code, message, data } = error as { code?: unknown; message: string; data?: unknown };
    if (typeof code !== "number") throw error;
    // The v1 client puts "MCP error <code>: " before the message it received.
    return { code, message: message.replace(/^MCP error -?\d+: /, ""), data };
  }
}

/** Everything a client sees of the server's own tool and resource. */
async function observeOwn(client: AnyClient): Promise<unknown> {
  const { tools } = await client.listTools();
  const { resources } = await client.listResources();
  return {
    tools: tools.filter((tool) => tool.name !== "render_results"),
    resources: resources.filter((resource) => resource.uri !== VIEW_URI),
    found: await outcome(client.callTool({ name: "search", arguments: { query: "a" } })),
    noQuery: await outcome(client.callTool({ name: "search", arguments: {} })),
    unknownTool: await outcome(client.callTool({ name: "fetch", arguments: {} })),
    notes: await outcome(client.readResource({ uri: "notes://today" })),
    unknownNote: await outcome(client.readResource({ uri: "notes://other" })),
  };
}

/** Asserts the render_results contract as `client` sees it. */
async function assertContract(client: AnyClient): Promise<void> {
  assert.deepEqual(client.getServerCapabilities()?.extensions?.[MCP_APPS], {});
  const { tools } = await client.listTools();
  assert.equal(tools.filter((tool) => tool.name === "render_results").length, 1);
  assert.deepEqual(tools.find((tool) => tool.name === "render_results"), RENDER_RESULTS_TOOL);
  const { resources } = await client.listResources();
  assert.deepEqual(resources.find((resource) => resource.uri === VIEW_URI), VIEW_RESOURCE);
  const view = await client.readResource({ uri: VIEW_URI });
  assert.deepEqual(view.contents, VIEW_CONTENTS.contents);

  const args = { title: "Found", results: [SOURCE, { ...SOURCE, id: "b", text: "Snippet." }] };
  assert.deepEqual(
    await outcome(client.callTool({ name: "render_results", arguments: args })),
    { result: callRenderResults(args) },
  );
  const refusals: [Record<string, unknown>, RegExp][] = [
    [{ results: [{ title: MARKER }] }, /^Invalid results\[0\]\.url: is required\.$/],
    [{ results: [{ title: MARKER, url: `javascript:${MARKER}` }] }, /^Invalid results\[0\]\.url:/],
    [{ results: [], title: MARKER.repeat(20) }, /^Invalid title: .*120/],
    [{ results: Array.from({ length: 51 }, () => SOURCE) }, /^Invalid results: .*50/],
    // An own key, as `JSON.parse` makes it; v2 hands handlers a copy of the request without it.
    [
      JSON.parse(`{"results":[],"__proto__":{"${MARKER}":1}}`),
      /^Invalid arguments: has an unknown field;/,
    ],
  ];
  for (const [refused, message] of refusals) {
    const answer = await outcome(client.callTool({ name: "render_results", arguments: refused }));
    const { code, message: text } = answer as { code: number; message: string };
    assert.equal(code, -32602, `not a JSON-RPC -32602: ${JSON.stringify(answer)}`);
    assert.match(text, message);
    assert.ok(!JSON.stringify(answer).includes(MARKER), `echoed: ${JSON.stringify(answer)}`);
  }
}

for (const line of ["v2", "v1"] as const) {
  for (const kind of ["McpServer", "Server"] as const) {
    for (const order of ["before", "after"] as const) {
      Deno.test(`on a ${line} ${kind}, registered ${order} its own tool and resource, each is served as alone`, async () => {
        await using client = await searchServer(line, kind, order).connect();
        await assertContract(client);
        await using alone = await searchServer(line, kind, "none").connect();
        assert.deepEqual(await observeOwn(client), await observeOwn(alone));
      });
    }

    Deno.test(`on a connected ${line} ${kind}, registering says to do it before connect()`, async () => {
      const server = line === "v2"
        ? kind === "McpServer"
          ? new v2.McpServer({ name: "late", version: "1.0.0" })
          : new v2.Server({ name: "late", version: "1.0.0" })
        : kind === "McpServer"
        ? new v1.McpServer({ name: "late", version: "1.0.0" })
        : new v1.Server({ name: "late", version: "1.0.0" });
      const [clientSide, serverSide] = v2Client.InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      try {
        assert.throws(() => registerRenderResults(server), /before connect\(\)/);
      } finally {
        await server.close();
        await clientSide.close();
      }
    });
  }
}

Deno.test("on a v1 Server, a failure inside the tool is an isError result, and onError hears of it", async () => {
  const server = new v1.Server({ name: "bare", version: "1.0.0" });
  const heard: unknown[] = [];
  registerRenderResults(server, { onError: (error) => heard.push(error) });
  await using client = await connectV1(server);
  // In memory the arguments reach the tool as the object given; reading this one throws, as no
  // JSON value can, so it stands for a failure of the tool's own code.
  const failing = {
    get results(): never {
      throw new Error(MARKER);
    },
  };
  const answer = await client.callTool({ name: "render_results", arguments: failing });
  assert.deepEqual(answer, {
    content: [{
      type: "text",
      text: "The results could not be rendered because of an internal error. " +
        "The arguments were valid; calling again may help.",
    }],
    isError: true,
  });
  assert.equal((heard[0] as Error).message, MARKER);
});

Deno.test("a tools/list handler set around render_results' own still lists it once", async () => {
  // As servers that rewrite their listed schemas do: read the installed handler, set another
  // that calls it.
  const server = new v1.McpServer({ name: "rewrites", version: "1.0.0" });
  registerRenderResults(server);
  const internals = server.server as unknown as {
    _requestHandlers: Map<string, (request: unknown, extra: unknown) => Promise<unknown>>;
  };
  const listTools = internals._requestHandlers.get("tools/list")!;
  server.server.setRequestHandler(v1.ListToolsRequestSchema, (request, extra) => {
    return listTools(request, extra) as Promise<{ tools: [] }>;
  });
  await using client = await connectV1(server);
  const { tools } = await client.listTools();
  assert.deepEqual(tools, [RENDER_RESULTS_TOOL]);
});

Deno.test("on a low-level Server with paginated tools, render_results is listed once, last", async () => {
  const server = new v2.Server({ name: "paged", version: "1.0.0" }, {
    capabilities: { tools: {} },
  });
  const page = (name: string) => ({ name, inputSchema: { type: "object" as const } });
  server.setRequestHandler(
    "tools/list",
    (request) =>
      request.params?.cursor === "2"
        ? { tools: [page("second")] }
        : { tools: [page("first")], nextCursor: "2" },
  );
  registerRenderResults(server);
  await using client = await connectV2(server);
  // The client follows the cursor and joins the pages.
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((tool) => tool.name), ["first", "second", "render_results"]);
});

for (const line of ["v2", "v1"] as const) {
  Deno.test(`a ${line} server with no other tool refuses an unknown tool and resource with -32602`, async () => {
    const server = line === "v2"
      ? new v2.Server({ name: "bare", version: "1.0.0" })
      : new v1.Server({ name: "bare", version: "1.0.0" });
    registerRenderResults(server);
    await using client = line === "v2"
      ? await connectV2(server as v2.Server)
      : await connectV1(server as v1.Server);
    assert.deepEqual(await outcome(client.callTool({ name: "search", arguments: {} })), {
      code: -32602,
      message: "Unknown tool: the only tool is render_results.",
      data: undefined,
    });
    const uri = "ui://render-results/view-0000000000000000.html";
    assert.deepEqual(await outcome(client.readResource({ uri })), {
      code: -32602,
      message: "Resource not found: list resources for the view's URI.",
      data: { uri },
    });
  });
}

for (const line of ["v2", "v1"] as const) {
  Deno.test(`on a ${line} McpServer, the view's domains are declared as given`, async () => {
    const domains = {
      viewDomain: "www-example-com.oaiusercontent.com",
      openaiWidgetDomain: "https://search.example.com",
    };
    const server = line === "v2"
      ? new v2.McpServer({ name: "search", version: "1.0.0" })
      : new v1.McpServer({ name: "search", version: "1.0.0" });
    registerRenderResults(server, domains);
    await using client = line === "v2"
      ? await connectV2(server as v2.McpServer)
      : await connectV1(server as v1.McpServer);
    const { resources } = await client.listResources();
    assert.deepEqual(resources, [viewResource(domains)]);
    const { _meta } = resources[0] as { _meta: Record<string, { domain?: string }> };
    assert.equal(_meta.ui.domain, domains.viewDomain);
    assert.equal(_meta["openai/widgetDomain"], domains.openaiWidgetDomain);
    const view = await client.readResource({ uri: VIEW_URI });
    assert.deepEqual(view.contents, viewContents(domains).contents);
  });
}

Deno.test("a domain in another form is refused when registering, naming the form", () => {
  const server = new v2.McpServer({ name: "search", version: "1.0.0" });
  assert.throws(
    () => registerRenderResults(server, { viewDomain: "https://a.example.com" }),
    { name: "TypeError", message: /view domain must be a host name/ },
  );
  assert.throws(
    () => registerRenderResults(server, { openaiWidgetDomain: "a.example.com" }),
    { name: "TypeError", message: /widget domain must be an https origin/ },
  );
});

Deno.test("a value that is no SDK server is refused with what registerRenderResults takes", () => {
  const impostor = {
    registerCapabilities() {},
    assertCanSetRequestHandler() {},
    getClientCapabilities() {},
  };
  assert.throws(() => registerRenderResults(impostor), /@modelcontextprotocol\/sdk 1\.20 or later/);
});
