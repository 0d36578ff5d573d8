/**
 * `render_results` added to a real open-source search server on the v1 SDK line, installed from
 * npm as its users get it: `@brave/brave-search-mcp-server` 2.1.4 (`@modelcontextprotocol/sdk`
 * 1.30.0, an `McpServer` made per session by `createMcpServer()` in `dist/server.js`). The change
 * is the one its maintainers would make: import `registerRenderResults` and call it after the
 * server's own tools are registered. Run over stdio and over its Streamable HTTP (with sessions
 * and stateless), each with the real clients of both lines, on Node.js 20, and compared with the
 * same server left unchanged. No call reaches the network: its own tool is called only with
 * arguments it refuses itself.
 * @module
 */

import assert from "node:assert/strict";
import {
  answer,
  type ClientKind,
  connect,
  type Endpoint,
  node20,
  nodeProject,
  observe,
  startStandalone,
} from "./support/embedded.ts";
import { freePort, type ServerProcess, startServer } from "./support/server_process.ts";

const PACKAGE = "@brave/brave-search-mcp-server";
const VERSION = "2.1.4";

/** The line of its `createMcpServer()` after which the change goes, and the change. */
const ANCHOR = "        tool.register(mcpServer);\n    }\n";
const ADDED = "    registerRenderResults(mcpServer);\n";
const IMPORT = 'import { registerRenderResults } from "render-results-mcp";\n';

const CLIENTS: readonly ClientKind[] = ["v1", "v2-legacy"];

/** What a client sees of the server's own tools, without render_results. */
async function observeOwn(endpoint: Endpoint, kind: ClientKind): Promise<unknown> {
  await using session = await connect(kind, endpoint);
  const { tools } = await session.listTools();
  return {
    tools: tools.filter((tool) => tool.name !== "render_results"),
    // Refused by the server itself before it would call the Brave API.
    noQuery: await answer(session, "brave_web_search", {}),
    unknown: await answer(session, "brave_fetch", {}),
  };
}

/** Starts the server in `directory` over HTTP with `flags`; it announces itself on stdout. */
async function startHttp(directory: string, flags: string[]): Promise<ServerProcess> {
  const node = await node20();
  return startServer({
    name: `${PACKAGE} ${flags.join(" ")}`,
    program: "bash",
    // Its announcement goes to stdout, which the starter does not read: send it to stderr.
    args: ["-c", 'exec "$@" 1>&2', "bash", node.program, ...node.args, "dist/index.js", ...flags],
    cwd: directory,
    env: { BRAVE_API_KEY: "not-a-real-key", PATH: Deno.env.get("PATH") ?? "" },
    ready: /Server is running on (http:\/\/[^\s/]+)\/mcp/,
  });
}

Deno.test(`${PACKAGE} ${VERSION} with render_results added serves both, its own tools as before`, async (t) => {
  await using project = await nodeProject([`${PACKAGE}@${VERSION}`]);
  const installed = `${project.path}/node_modules/${PACKAGE}`;
  const changed = `${project.path}/brave-with-render-results`;
  await Deno.mkdir(changed);
  await new Deno.Command("cp", { args: ["-R", `${installed}/.`, changed] }).output();
  const serverModule = `${changed}/dist/server.js`;
  const source = await Deno.readTextFile(serverModule);
  assert.equal(source.split(ANCHOR).length, 2, "The change's anchor is not there once.");
  await Deno.writeTextFile(serverModule, IMPORT + source.replace(ANCHOR, ANCHOR + ADDED));

  await using standalone = await startStandalone();
  const node = await node20();
  const stdio = (directory: string): Endpoint => ({
    command: node.program,
    args: [...node.args, "dist/index.js"],
    cwd: directory,
    env: { BRAVE_API_KEY: "not-a-real-key", PATH: Deno.env.get("PATH") ?? "" },
  });

  await t.step("over stdio", async () => {
    await assertListsAndServes(stdio(changed), stdio(installed));
  });
  for (const flags of [[], ["--stateless", "true"]]) {
    const name = flags.length === 0 ? "with sessions" : "stateless";
    await t.step(`over Streamable HTTP ${name}`, async () => {
      const options = ["--transport", "http", "--port", `${freePort()}`, ...flags];
      await using withRenderResults = await startHttp(changed, options);
      const twinOptions = ["--transport", "http", "--port", `${freePort()}`, ...flags];
      await using unchanged = await startHttp(installed, twinOptions);
      await assertListsAndServes({ url: withRenderResults.url }, { url: unchanged.url });
    });
  }

  /** Asserts the changed server lists and serves both, and its own tools as the unchanged. */
  async function assertListsAndServes(endpoint: Endpoint, twin: Endpoint): Promise<void> {
    for (const kind of CLIENTS) {
      await using session = await connect(kind, endpoint);
      const { tools } = await session.listTools();
      const names = tools.map((tool) => tool.name);
      assert.deepEqual(session.capabilities()?.extensions?.["io.modelcontextprotocol/ui"], {});
      assert.ok(names.includes("brave_web_search"), `${kind}: ${names}`);
      assert.equal(names.filter((name) => name === "render_results").length, 1);
      const observed = await observe(session, [{ title: "A", url: "https://example.com/a" }]);
      assert.match(observed.descriptor, /"_meta":\{"ui":\{"resourceUri":"ui:\/\/render-results\//);
      assert.deepEqual(await observeOwn(endpoint, kind), await observeOwn(twin, kind));
    }
    await assertServesRenderResults(endpoint);
  }

  /** The render_results part, as the standalone serves it, less the examples' own `search`. */
  async function assertServesRenderResults(endpoint: Endpoint): Promise<void> {
    for (const kind of CLIENTS) {
      await using session = await connect(kind, endpoint);
      await using reference = await connect(kind, { url: standalone.url, fetch: standalone.fetch });
      const sources = [{ title: "A", url: "https://example.com/a" }];
      assert.deepEqual(await observe(session, sources), await observe(reference, sources));
    }
  }
});
