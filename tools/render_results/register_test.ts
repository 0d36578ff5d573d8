import assert from "node:assert/strict";
import { Client, InMemoryTransport, ProtocolError } from "@modelcontextprotocol/client";
import { fromJsonSchema, McpServer, Server } from "@modelcontextprotocol/server";
import {
  registerRenderResults,
  RENDER_RESULTS_TOOL,
  VIEW_CONTENTS,
  VIEW_RESOURCE,
  VIEW_URI,
} from "render-results-mcp";

const REFRESH = { cacheMode: "refresh" } as const;
const SOURCE = { title: "A source", url: "https://example.com/a" };

/** Connects a client to `server` through memory, and closes both when disposed. */
async function connect(server: McpServer | Server): Promise<Client & AsyncDisposable> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "register-test", version: "1.0.0" });
  await client.connect(clientSide);
  return Object.assign(client, {
    async [Symbol.asyncDispose]() {
      await client.close();
      await server.close();
    },
  });
}

/** An `McpServer` with a `search` tool and a resource of its own, registered in `order`. */
function searchServer(order: "before" | "after"): McpServer {
  const server = new McpServer({ name: "search", version: "1.0.0" });
  if (order === "before") registerRenderResults(server);
  server.registerTool(
    "search",
    {
      description: "Finds sources.",
      inputSchema: fromJsonSchema({ type: "object", properties: { query: { type: "string" } } }),
    },
    () => ({
      content: [{ type: "text", text: "found" }],
      structuredContent: { results: [SOURCE] },
    }),
  );
  server.registerResource("notes", "notes://today", { mimeType: "text/plain" }, () => ({
    contents: [{ uri: "notes://today", mimeType: "text/plain", text: "Notes" }],
  }));
  if (order === "after") registerRenderResults(server);
  return server;
}

for (const order of ["before", "after"] as const) {
  Deno.test(`registered ${order} an McpServer's own tool and resource, each is served`, async () => {
    await using client = await connect(searchServer(order));
    const { tools } = await client.listTools(undefined, REFRESH);
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ["render_results", "search"]);
    assert.deepEqual(tools.find((tool) => tool.name === "render_results"), RENDER_RESULTS_TOOL);
    const { resources } = await client.listResources(undefined, REFRESH);
    assert.deepEqual(resources.map((resource) => resource.uri).sort(), ["notes://today", VIEW_URI]);
    assert.deepEqual(resources.find((resource) => resource.uri === VIEW_URI), VIEW_RESOURCE);

    const found = await client.callTool({ name: "search", arguments: { query: "a" } });
    assert.deepEqual(found.structuredContent, { results: [SOURCE] });
    const shown = await client.callTool({
      name: "render_results",
      arguments: { results: [SOURCE] },
    });
    assert.equal((shown.structuredContent as { total: number }).total, 1);
    const notes = await client.readResource({ uri: "notes://today" }, REFRESH);
    assert.deepEqual(notes.contents, [{
      uri: "notes://today",
      mimeType: "text/plain",
      text: "Notes",
    }]);
    const view = await client.readResource({ uri: VIEW_URI }, REFRESH);
    assert.deepEqual(view.contents, VIEW_CONTENTS.contents);
  });
}

Deno.test("on a low-level Server with paginated tools, render_results is listed once, last", async () => {
  const server = new Server({ name: "paged", version: "1.0.0" }, { capabilities: { tools: {} } });
  const page = (name: string) => ({ name, inputSchema: { type: "object" as const } });
  server.setRequestHandler(
    "tools/list",
    (request) =>
      request.params?.cursor === "2"
        ? { tools: [page("second")] }
        : { tools: [page("first")], nextCursor: "2" },
  );
  registerRenderResults(server);
  await using client = await connect(server);
  // The client follows the cursor and joins the pages.
  const { tools } = await client.listTools(undefined, REFRESH);
  assert.deepEqual(tools.map((tool) => tool.name), ["first", "second", "render_results"]);
});

Deno.test("a server with no other tool refuses an unknown tool and resource with -32602", async () => {
  await using client = await connect(
    (() => {
      const server = new Server({ name: "bare", version: "1.0.0" });
      registerRenderResults(server);
      return server;
    })(),
  );
  await assert.rejects(
    client.callTool({ name: "search", arguments: {} }),
    (error) => error instanceof ProtocolError && error.code === -32602,
  );
  await assert.rejects(
    client.readResource({ uri: "ui://render-results/view-0000000000000000.html" }, REFRESH),
    (error) => error instanceof ProtocolError && error.code === -32602,
  );
});
