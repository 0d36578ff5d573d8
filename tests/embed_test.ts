/**
 * `render_results` added to another server through the public module, in both runtimes: the
 * example search server (`examples/`), once on Deno importing `mod.ts` and once on Node.js 20
 * from the npm package installed as users install it, driven by the SDK's real client over HTTP
 * in both protocol eras. Everything a client sees of the tool and its view must be the same, byte
 * for byte, as on the standalone server.
 * @module
 */

import assert from "node:assert/strict";
import exampleInput from "../tools/render_results/example-input.json" with { type: "json" };
import { createTestServer } from "./support/http_server.ts";
import {
  type Client,
  createClient,
  ERAS,
  ProtocolError,
  StreamableHTTPClientTransport,
} from "./support/sdk_client.ts";
import { type ServerCommand, startServer } from "./support/server_process.ts";

const ROOT = new URL("../", import.meta.url);
const EXAMPLE_READY = /search server on (http:\/\/[^\s/]+)\/mcp/;
const REFRESH = { cacheMode: "refresh" } as const;

/** Arguments that must be refused, each for a different rule. */
const INVALID_ARGUMENTS: unknown[] = [
  {},
  { results: "none" },
  { results: [{ title: "No URL" }] },
  { results: [{ title: "Script", url: "javascript:alert(1)" }] },
  { results: [{ title: "Extra", url: "https://example.com/", rank: 1 }] },
  { results: [], title: " " },
  { results: Array.from({ length: 51 }, (_, i) => ({ title: "t", url: `https://e.com/${i}` })) },
];

/** Everything a client sees of `render_results` and its view on one server, as JSON text. */
interface Observed {
  descriptor: string;
  viewResource: string;
  view: string;
  results: string[];
  errors: string[];
}

/** The key under which 2026-07-28 results name the server that answered, which differs. */
const SERVER_INFO = "io.modelcontextprotocol/serverInfo";

/** Calls `render_results`, returning its result (less the server's name) or error as JSON. */
async function callTool(client: Client, args: unknown): Promise<string> {
  try {
    const { _meta, ...result } = await client.callTool({
      name: "render_results",
      arguments: args as Record<string, unknown>,
    });
    const { [SERVER_INFO]: _server, ...meta } = _meta ?? {};
    return JSON.stringify(Object.keys(meta).length > 0 ? { ...result, _meta: meta } : result);
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    return JSON.stringify({ code: error.code, message: error.message, data: error.data });
  }
}

/** What `client` sees of `render_results`, called with `sources` and with invalid arguments. */
async function observe(client: Client, sources: unknown[]): Promise<Observed> {
  const { tools } = await client.listTools(undefined, REFRESH);
  const descriptor = tools.find((tool) => tool.name === "render_results");
  assert.ok(descriptor, "render_results is not listed.");
  const uri = (descriptor._meta?.ui as { resourceUri: string }).resourceUri;
  const { resources } = await client.listResources(undefined, REFRESH);
  const read = await client.readResource({ uri }, REFRESH);
  const results = [
    await callTool(client, exampleInput),
    await callTool(client, { results: sources, title: "Found" }),
  ];
  const errors = [];
  for (const args of INVALID_ARGUMENTS) errors.push(await callTool(client, args));
  return {
    descriptor: JSON.stringify(descriptor),
    viewResource: JSON.stringify(resources.find((resource) => resource.uri === uri)),
    view: JSON.stringify(read.contents),
    results,
    errors,
  };
}

/** Connects a client of `era` to the server at `url`. */
async function connect(url: URL, era: (typeof ERAS)[number]): Promise<Client> {
  const client = createClient(era);
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

/**
 * Checks the example search server at `url` in both eras: its own tool works beside
 * `render_results`, and `render_results` answers as on the standalone server.
 */
async function assertServesLikeStandalone(url: URL): Promise<void> {
  await using standalone = await createTestServer();
  for (const era of ERAS) {
    const client = await connect(url, era);
    try {
      const { tools } = await client.listTools(undefined, REFRESH);
      assert.deepEqual(tools.map((tool) => tool.name).sort(), ["render_results", "search"]);
      const found = await client.callTool({ name: "search", arguments: { query: "mcp" } });
      assert.equal(found.isError, undefined);
      const sources = (found.structuredContent as { results: unknown[] }).results;
      assert.ok(sources.length > 0);
      const embedded = await observe(client, sources);
      const reference = await observe(await standalone.connect(era), sources);
      assert.deepEqual(embedded, reference, `${era}: render_results differs from the standalone.`);
      assert.match(embedded.results[1], /"total":2/);
    } finally {
      await client.close();
    }
  }
}

/** Runs `command` to completion; fails with its output when it fails. */
async function run(program: string, args: string[], cwd: string): Promise<string> {
  const { success, stdout, stderr } = await new Deno.Command(program, {
    args,
    cwd,
    stdin: "null",
    env: { NO_COLOR: "1", npm_config_fund: "false", npm_config_audit: "false" },
  }).output();
  const decoder = new TextDecoder();
  const output = decoder.decode(stdout);
  if (!success) {
    throw new Error(`${program} ${args.join(" ")} failed:\n${output}${decoder.decode(stderr)}`);
  }
  return output;
}

/** The program and arguments that run Node.js 20: `node` if it is 20, else `npx node@20`. */
async function node20(): Promise<{ program: string; args: string[] }> {
  const version = await run("node", ["--version"], ROOT.pathname).catch(() => "");
  return version.startsWith("v20.")
    ? { program: "node", args: [] }
    : { program: "npx", args: ["-y", "-p", "node@20", "--", "node"] };
}

/** A TypeScript module that uses the package's declarations, with one deliberate type error. */
const TYPED_CONSUMER = `
import { McpServer } from "@modelcontextprotocol/server";
import {
  callRenderResults,
  registerRenderResults,
  type RenderOutput,
  RENDER_RESULTS_TOOL,
  VIEW_URI,
} from "render-results-mcp";

registerRenderResults(new McpServer({ name: "typed", version: "1.0.0" }), {
  onError: (error: unknown) => console.error(error),
});
const output = callRenderResults({ results: [] }).structuredContent as unknown as RenderOutput;
const described: [number, string, string] = [output.total, VIEW_URI, RENDER_RESULTS_TOOL.name];
// @ts-expect-error: a number is not a server.
registerRenderResults(42);
console.log(described);
`;

Deno.test("on Deno, mod.ts adds render_results beside a search tool, as the standalone serves it", async () => {
  const command: ServerCommand = {
    name: "Deno example",
    args: [
      "run",
      "--config",
      "deno.dev.json",
      "--allow-net=127.0.0.1",
      "--allow-env",
      "examples/search_server.ts",
    ],
    env: { PORT: "0" },
    ready: EXAMPLE_READY,
  };
  await using server = await startServer(command);
  await assertServesLikeStandalone(server.url);
});

Deno.test("on Node.js 20, the npm package adds render_results beside a search tool, as the standalone serves it", async () => {
  const tarball = (await run(Deno.execPath(), ["task", "npm"], ROOT.pathname)).trim().split("\n")
    .at(-1)!;
  const project = await Deno.makeTempDir({ prefix: "render-results-node-" });
  try {
    await Deno.writeTextFile(`${project}/package.json`, '{ "type": "module", "private": true }\n');
    await run("npm", [
      "install",
      "--prefer-offline",
      tarball,
      "@modelcontextprotocol/server@2.4.0",
      "@modelcontextprotocol/node@2.1.2",
      "typescript@6.0.3",
      "@types/node@20.19.25",
    ], project);
    const node = await node20();

    // The declarations type-check a consumer in strict mode, and are not `any`.
    await Deno.writeTextFile(`${project}/consumer.ts`, TYPED_CONSUMER);
    await run(node.program, [
      ...node.args,
      "node_modules/typescript/bin/tsc",
      "--noEmit",
      "--strict",
      "--module",
      "nodenext",
      "--target",
      "es2022",
      "--types",
      "node",
      "consumer.ts",
    ], project);

    await Deno.copyFile(
      new URL("examples/search_server.mjs", ROOT),
      `${project}/search_server.mjs`,
    );
    await using server = await startServer({
      name: "Node.js example",
      program: node.program,
      args: [...node.args, "search_server.mjs"],
      cwd: project,
      env: { PORT: "0" },
      ready: EXAMPLE_READY,
    });
    await assertServesLikeStandalone(server.url);
  } finally {
    await Deno.remove(project, { recursive: true });
  }
});

Deno.test("the README shows the examples' code exactly as the tests run it", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", ROOT));
  for (const example of ["examples/search_server.ts", "examples/search_server.mjs"]) {
    const source = await Deno.readTextFile(new URL(example, ROOT));
    const code = source.slice(source.indexOf("import {"));
    assert.ok(readme.includes(code), `README.md does not show the code of ${example}.`);
  }
});
