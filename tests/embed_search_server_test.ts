/**
 * `render_results` added to real open-source search servers on the v1 SDK line, installed from
 * npm as their users get them, each changed as its maintainers would change it (import
 * `registerRenderResults`, call it once its own tools are set up) and run on Node.js 20 beside
 * the same server left unchanged:
 *
 * - `@brave/brave-search-mcp-server` 2.1.4: an `McpServer` of SDK 1.30.0, made per session by
 *   `createMcpServer()` in `dist/server.js`, which rewrites its own `tools/list` handler; over
 *   stdio and its Streamable HTTP with sessions and stateless.
 * - `tavily-mcp` 0.2.22: a low-level `Server` of SDK 1.26.0 made in a class's constructor in
 *   `build/index.js`; over stdio.
 *
 * Each is driven by the real clients of both lines. No call reaches the network: their own tools
 * are called only in ways they refuse themselves.
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
  type Session,
  type Standalone,
  startStandalone,
} from "./support/embedded.ts";
import { freePort, type ServerProcess, startServer } from "./support/server_process.ts";

const CLIENTS: readonly ClientKind[] = ["v1", "v2-legacy"];
const IMPORT = 'import { registerRenderResults } from "render-results-mcp";\n';
const SOURCES = [{ title: "A", url: "https://example.com/a" }];

/** A published server, and the change that adds render_results to it. */
interface SearchServer {
  /** Its npm package, pinned. */
  name: string;
  version: string;
  /** Its module that makes the MCP server, and its entry point, in the package. */
  module: string;
  entry: string;
  /** The text after which the call goes, once its own tools are set up, and the call. */
  anchor: string;
  added: string;
  /** The environment it needs to start (no real key: nothing is sent to its API). */
  env: Record<string, string>;
  /** Calls of its own tools that it answers itself, without its API. */
  ownCalls: [string, Record<string, unknown>][];
}

const BRAVE: SearchServer = {
  name: "@brave/brave-search-mcp-server",
  version: "2.1.4",
  module: "dist/server.js",
  entry: "dist/index.js",
  anchor: "        tool.register(mcpServer);\n    }\n",
  added: "    registerRenderResults(mcpServer);\n",
  env: { BRAVE_API_KEY: "not-a-real-key" },
  ownCalls: [["brave_web_search", {}], ["brave_fetch", {}]],
};

const TAVILY: SearchServer = {
  name: "tavily-mcp",
  version: "0.2.22",
  module: "build/index.js",
  entry: "build/index.js",
  anchor: "        this.setupHandlers();\n",
  added: "        registerRenderResults(this.server);\n",
  env: { TAVILY_API_KEY: "not-a-real-key" },
  ownCalls: [["tavily_fetch", {}]],
};

/**
 * Copies the installed `server` beside it and makes the change in the copy; returns the
 * directories of the unchanged and the changed package.
 */
async function addRenderResults(
  project: string,
  server: SearchServer,
): Promise<{ unchanged: string; changed: string }> {
  const unchanged = `${project}/node_modules/${server.name}`;
  const changed = `${project}/${server.name.replace(/\W/g, "-")}-with-render-results`;
  await Deno.mkdir(changed);
  const copied = await new Deno.Command("cp", { args: ["-R", `${unchanged}/.`, changed] }).output();
  assert.ok(copied.success, `Copying ${server.name} failed.`);
  const path = `${changed}/${server.module}`;
  const source = await Deno.readTextFile(path);
  assert.equal(
    source.split(server.anchor).length,
    2,
    `${server.name}: the anchor is not there once.`,
  );
  const changedSource = source.replace(server.anchor, server.anchor + server.added);
  // The import goes after the shebang line, if there is one.
  const shebang = changedSource.startsWith("#!") ? changedSource.indexOf("\n") + 1 : 0;
  await Deno.writeTextFile(
    path,
    changedSource.slice(0, shebang) + IMPORT + changedSource.slice(shebang),
  );
  return { unchanged, changed };
}

/** What `session` sees of the server's own tools, without render_results. */
async function observeOwn(session: Session, server: SearchServer): Promise<unknown> {
  const { tools } = await session.listTools();
  const answers = [];
  for (const [name, args] of server.ownCalls) answers.push(await answer(session, name, args));
  return { tools: tools.filter((tool) => tool.name !== "render_results"), answers };
}

/**
 * Asserts that the changed server at `endpoint` lists its own tools and render_results with its
 * view and the MCP Apps extension, serves render_results exactly as the standalone server does,
 * and answers with its own tools exactly as the unchanged server at `twin` does.
 */
async function assertListsAndServes(
  standalone: Standalone,
  server: SearchServer,
  endpoint: Endpoint,
  twin: Endpoint,
): Promise<void> {
  for (const kind of CLIENTS) {
    await using session = await connect(kind, endpoint);
    const { tools } = await session.listTools();
    const names = tools.map((tool) => tool.name);
    assert.ok(names.length > 1, `${kind}: ${names}`);
    assert.equal(names.filter((name) => name === "render_results").length, 1);
    assert.deepEqual(session.capabilities()?.extensions?.["io.modelcontextprotocol/ui"], {});
    const observed = await observe(session, SOURCES);
    assert.match(observed.descriptor, /"_meta":\{"ui":\{"resourceUri":"ui:\/\/render-results\//);
    await using reference = await connect(kind, { url: standalone.url, fetch: standalone.fetch });
    assert.deepEqual(observed, await observe(reference, SOURCES), `${kind}: not as standalone.`);
    // The same session goes on with the server's own tools: a stdio server is a process for each
    // session, and render_results used first must leave them as they were.
    await using unchanged = await connect(kind, twin);
    assert.deepEqual(
      await observeOwn(session, server),
      await observeOwn(unchanged, server),
      `${kind}: its own tools answer differently.`,
    );
  }
}

/** Starts Brave's server in `directory` over HTTP with `flags`; it announces itself on stdout. */
async function startBraveHttp(directory: string, flags: string[]): Promise<ServerProcess> {
  const node = await node20();
  const port = ["--transport", "http", "--port", `${freePort()}`];
  return startServer({
    name: `${BRAVE.name} ${flags.join(" ")}`,
    program: "bash",
    // Its announcement goes to stdout, which the starter does not read: send it to stderr.
    args: [
      "-c",
      'exec "$@" 1>&2',
      "bash",
      node.program,
      ...node.args,
      BRAVE.entry,
      ...port,
      ...flags,
    ],
    cwd: directory,
    env: { ...BRAVE.env, PATH: Deno.env.get("PATH") ?? "" },
    ready: /Server is running on (http:\/\/[^\s/]+)\/mcp/,
  });
}

Deno.test("real v1 search servers from npm with render_results added serve both, their own tools as before", async (t) => {
  await using project = await nodeProject([
    `${BRAVE.name}@${BRAVE.version}`,
    `${TAVILY.name}@${TAVILY.version}`,
  ]);
  await using standalone = await startStandalone();
  const node = await node20();
  const stdio = (directory: string, server: SearchServer): Endpoint => ({
    command: node.program,
    args: [...node.args, server.entry],
    cwd: directory,
    env: { ...server.env, PATH: Deno.env.get("PATH") ?? "" },
  });

  const brave = await addRenderResults(project.path, BRAVE);
  await t.step(`${BRAVE.name} over stdio`, async () => {
    const [changed, unchanged] = [stdio(brave.changed, BRAVE), stdio(brave.unchanged, BRAVE)];
    await assertListsAndServes(standalone, BRAVE, changed, unchanged);
  });
  for (const flags of [[], ["--stateless", "true"]]) {
    const name = flags.length === 0 ? "with sessions" : "stateless";
    await t.step(`${BRAVE.name} over Streamable HTTP ${name}`, async () => {
      await using changed = await startBraveHttp(brave.changed, flags);
      await using unchanged = await startBraveHttp(brave.unchanged, flags);
      await assertListsAndServes(standalone, BRAVE, { url: changed.url }, { url: unchanged.url });
    });
  }

  const tavily = await addRenderResults(project.path, TAVILY);
  await t.step(`${TAVILY.name} over stdio`, async () => {
    const [changed, unchanged] = [stdio(tavily.changed, TAVILY), stdio(tavily.unchanged, TAVILY)];
    await assertListsAndServes(standalone, TAVILY, changed, unchanged);
  });
});
