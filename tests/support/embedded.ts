/**
 * What the embedding tests share: the real clients of both SDK lines behind one small set of
 * calls, over Streamable HTTP and stdio; everything a client sees of `render_results` on a
 * server; and the check that an embedding server shows exactly what the standalone server
 * shows to the same kind of client.
 * @module
 */

import assert from "node:assert/strict";
import { EXAMPLE_INPUT as exampleInput } from "render-results-mcp/testing";
import { buildPackage } from "../../npm/build.ts";
import { oncePerRun } from "./once_per_run.ts";
import { createTestServer, type InProcessFetch } from "./http_server.ts";
import { sha256Hex } from "./mcp_http.ts";
import * as v2 from "./sdk_client.ts";
import * as v1 from "./sdk_v1.ts";

const REFRESH = { cacheMode: "refresh" } as const;

/** The key under which 2026-07-28 results name the server that answered, which differs. */
const SERVER_INFO = "io.modelcontextprotocol/serverInfo";

/**
 * A real client of either line: `v2-modern` speaks 2026-07-28, `v2-legacy` the 2025
 * handshake, `v1` is the v1 SDK's client (2025-11-25 at most).
 */
export type ClientKind = "v2-modern" | "v2-legacy" | "v1";

/** The calls the tests make, which the clients of both lines offer. */
export interface Session extends AsyncDisposable {
  /** Which client this is. */
  kind: ClientKind;
  listTools(): Promise<{ tools: { name: string; _meta?: Record<string, unknown> }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  /** The server's capabilities as the client kept them. */
  capabilities(): { extensions?: Record<string, unknown> } | undefined;
}

/** Where a server is: its Streamable HTTP endpoint, or the command that runs it on stdio. */
export type Endpoint =
  | { url: URL; fetch?: InProcessFetch }
  | { command: string; args: string[]; cwd: string; env?: Record<string, string> };

/** Connects a client of `kind` to the server at `endpoint`. */
export async function connect(kind: ClientKind, endpoint: Endpoint): Promise<Session> {
  if (kind === "v1") {
    const client = new v1.Client({ name: "render-results-tests", version: "1.0.0" });
    await client.connect(
      "url" in endpoint
        ? new v1.StreamableHTTPClientTransport(endpoint.url, { fetch: endpoint.fetch })
        : new v1.StdioClientTransport({ ...endpoint, stderr: "ignore" }),
    );
    return {
      kind,
      listTools: () => client.listTools(),
      callTool: (params) => client.callTool(params),
      listResources: () => client.listResources(),
      readResource: (params) => client.readResource(params),
      capabilities: () => client.getServerCapabilities(),
      [Symbol.asyncDispose]: () => client.close(),
    };
  }
  const client = v2.createClient(kind === "v2-modern" ? "modern" : "legacy");
  await client.connect(
    "url" in endpoint
      ? new v2.StreamableHTTPClientTransport(endpoint.url, { fetch: endpoint.fetch })
      : new v2.StdioClientTransport({ ...endpoint, stderr: "ignore" }),
  );
  return {
    kind,
    listTools: () => client.listTools(undefined, REFRESH),
    callTool: (params) => client.callTool(params),
    listResources: () => client.listResources(undefined, REFRESH),
    readResource: (params) => client.readResource(params, REFRESH),
    capabilities: () => client.getServerCapabilities(),
    [Symbol.asyncDispose]: () => client.close(),
  };
}

/** Arguments that must be refused, each for a different rule. */
const INVALID_ARGUMENTS: unknown[] = [
  {},
  { results: "none" },
  { results: [{ title: "No URL" }] },
  { results: [{ title: "Script", url: "javascript:alert(1)" }] },
  { results: [{ title: "Extra", url: "https://example.com/", rank: 1 }] },
  { results: [], title: " " },
  { results: Array.from({ length: 51 }, (_, i) => ({ title: "t", url: `https://e.com/${i}` })) },
  // An own key, as `JSON.parse` makes it; v2 hands handlers a copy of the request without it.
  JSON.parse('{"results":[],"__proto__":{}}'),
];

/** Everything a client sees of `render_results` and its view on one server, as JSON text. */
export interface Observed {
  descriptor: string;
  viewResource: string;
  view: string;
  results: string[];
  errors: string[];
}

/**
 * A call's result (less the server's name) or its JSON-RPC error, as JSON; errors of both lines'
 * clients alike (the v1 client puts "MCP error <code>: " before the message it received).
 */
export async function answer(session: Session, name: string, args: unknown): Promise<string> {
  try {
    const { _meta, ...result } = await session.callTool({
      name,
      arguments: args as Record<string, unknown>,
    }) as { _meta?: Record<string, unknown> };
    const { [SERVER_INFO]: _server, ...meta } = _meta ?? {};
    return JSON.stringify(Object.keys(meta).length > 0 ? { ...result, _meta: meta } : result);
  } catch (error) {
    const { code, message, data } = error as { code?: unknown; message: string; data?: unknown };
    if (typeof code !== "number") throw error;
    const sent = message.replace(/^MCP error -?\d+: /, "");
    return JSON.stringify({ code, message: sent, data });
  }
}

/** What `session` sees of `render_results`, called with `sources` and with invalid arguments. */
export async function observe(session: Session, sources: unknown[]): Promise<Observed> {
  const { tools } = await session.listTools();
  const descriptor = tools.find((tool) => tool.name === "render_results");
  assert.ok(descriptor, "render_results is not listed.");
  const uri = (descriptor._meta?.ui as { resourceUri: string }).resourceUri;
  const { resources } = await session.listResources();
  const read = await session.readResource({ uri });
  const results = [
    await answer(session, "render_results", exampleInput),
    await answer(session, "render_results", { results: sources, title: "Found" }),
  ];
  const errors = [];
  for (const args of INVALID_ARGUMENTS) errors.push(await answer(session, "render_results", args));
  return {
    descriptor: JSON.stringify(descriptor),
    viewResource: JSON.stringify(resources.find((resource) => resource.uri === uri)),
    view: JSON.stringify(read.contents),
    results,
    errors,
  };
}

/** The standalone server, in this process, for comparison. */
export type Standalone = Awaited<ReturnType<typeof createTestServer>>;

/** Starts the standalone server in this process. */
export function startStandalone(): Promise<Standalone> {
  return createTestServer();
}

/**
 * Checks the example search server at `endpoint` with each client of `kinds`: its own tool
 * works beside `render_results` and refuses a call without a query, `render_results` is
 * declared with the MCP Apps extension where the client keeps it, and it answers exactly as
 * the standalone server does to the same kind of client.
 */
export async function assertServesLikeStandalone(
  standalone: Standalone,
  endpoint: Endpoint,
  kinds: readonly ClientKind[],
): Promise<void> {
  for (const kind of kinds) {
    await using session = await connect(kind, endpoint);
    const { tools } = await session.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ["render_results", "search"]);
    assert.deepEqual(session.capabilities()?.extensions?.["io.modelcontextprotocol/ui"], {});
    const found = JSON.parse(await answer(session, "search", { query: "mcp" }));
    assert.equal(found.isError, undefined, `${kind}: search failed: ${JSON.stringify(found)}`);
    const sources = (found.structuredContent as { results: unknown[] }).results;
    assert.ok(sources.length > 0);
    const refused = JSON.parse(await answer(session, "search", {}));
    assert.ok(refused.isError === true || refused.code === -32602, JSON.stringify(refused));

    const embedded = await observe(session, sources);
    for (const error of embedded.errors) {
      assert.equal(JSON.parse(error).code, -32602, `${kind}: not refused: ${error}`);
    }
    await using reference = await connect(kind, { url: standalone.url, fetch: standalone.fetch });
    assert.deepEqual(
      embedded,
      await observe(reference, sources),
      `${kind}: render_results differs from the standalone.`,
    );
    assert.match(embedded.results[1], /"total":2/);
  }
}

/** Runs `program` to completion in `cwd`; fails with its output when it fails. */
export async function run(program: string, args: string[], cwd: string): Promise<string> {
  const { success, stdout, stderr } = await new Deno.Command(program, {
    args,
    cwd,
    stdin: "null",
    // What npm has cached it takes from the cache, without asking the registry again.
    env: {
      NO_COLOR: "1",
      npm_config_fund: "false",
      npm_config_audit: "false",
      npm_config_prefer_offline: "true",
    },
  }).output();
  const decoder = new TextDecoder();
  const output = decoder.decode(stdout);
  if (!success) {
    throw new Error(`${program} ${args.join(" ")} failed:\n${output}${decoder.decode(stderr)}`);
  }
  return output;
}

/** How this test file runs Node.js 20, once asked. */
let node20Command: Promise<{ program: string; args: string[] }> | undefined;

/**
 * The program and arguments that run Node.js 20: `node` if it is 20, else `npx node@20`. The
 * machine's `node` is asked its version once per test file, not once per process started.
 */
export function node20(): Promise<{ program: string; args: string[] }> {
  return node20Command ??= (async () => {
    const version = await run("node", ["--version"], Deno.cwd()).catch(() => "");
    return version.startsWith("v20.")
      ? { program: "node", args: [] }
      : { program: "npx", args: ["-y", "-p", "node@20", "--", "node"] };
  })();
}

/** The npm package as `deno task npm` builds it, built once per run of the tests. */
export function packageTarball(): Promise<string> {
  return oncePerRun("package", buildPackage);
}

/** A Node.js project in a temporary directory, removed when disposed. */
export interface NodeProject extends AsyncDisposable {
  /** Its directory. */
  path: string;
}

/** The `package.json` of the Node.js projects: ES modules, nothing to publish. */
const PACKAGE_JSON = '{ "type": "module", "private": true }\n';

/** Where installs of the package are kept, one directory for each tarball and dependencies. */
const INSTALLS = new URL("../../dist/.installs/", import.meta.url);

/**
 * The directory where the package's tarball and `dependencies` (each pinned) are installed as
 * users install them, from the npm registry (or npm's cache). An install is made once for a
 * tarball and dependencies, named by their hash, and kept for later runs: test files that ask for
 * it at once wait on its file lock for the first, and it takes its name only once complete.
 * Making one first removes the installs of other tarballs, which earlier sources packed, and any
 * of this one left half made.
 */
async function installed(dependencies: string[]): Promise<string> {
  const tarball = await packageTarball();
  const packed = (await sha256Hex(await Deno.readFile(tarball))).slice(0, 16);
  const key = `${packed}-${(await sha256Hex(dependencies.join("\n"))).slice(0, 16)}`;
  const install = new URL(`${key}/`, INSTALLS);
  await Deno.mkdir(INSTALLS, { recursive: true });
  using lock = await Deno.open(new URL(`${key}.lock`, INSTALLS), { create: true, write: true });
  await lock.lock(true);
  if (await Deno.stat(install).then(() => true, () => false)) return install.pathname;
  for await (const { name } of Deno.readDir(INSTALLS)) {
    if (!name.startsWith(packed) || name.startsWith(`${key}-`)) {
      await Deno.remove(new URL(name, INSTALLS), { recursive: true });
    }
  }
  const staging = new URL(`${key}-${crypto.randomUUID()}/`, INSTALLS);
  await Deno.mkdir(staging);
  try {
    await Deno.writeTextFile(new URL("package.json", staging), PACKAGE_JSON);
    await run("npm", ["install", "--prefer-offline", tarball, ...dependencies], staging.pathname);
    await Deno.rename(staging, install);
  } catch (error) {
    await Deno.remove(staging, { recursive: true });
    throw error;
  }
  return install.pathname;
}

/**
 * Makes a Node.js project in a temporary directory whose `node_modules` is the install of the
 * package's tarball and `dependencies` (each pinned) that test files share: a test writes its own
 * files beside it, never in it.
 */
export async function nodeProject(dependencies: string[]): Promise<NodeProject> {
  const install = await installed(dependencies);
  const path = await Deno.makeTempDir({ prefix: "render-results-node-" });
  await Deno.writeTextFile(`${path}/package.json`, PACKAGE_JSON);
  await Deno.symlink(`${install}node_modules`, `${path}/node_modules`);
  return { path, [Symbol.asyncDispose]: () => Deno.remove(path, { recursive: true }) };
}

/**
 * Type-checks `source` as `consumer.ts` in `project` with its TypeScript, strictly, the installed
 * libraries' declarations trusted (checking those is theirs to do, and takes most of the time).
 * With `checkDeclarations`, the package's own declarations are checked too: copied beside as
 * sources, so that a fault in them fails here rather than in a user's project.
 */
export async function typeCheck(
  project: string,
  source: string,
  { checkDeclarations = false } = {},
): Promise<void> {
  const node = await node20();
  await Deno.writeTextFile(`${project}/consumer.ts`, source);
  const roots = ["consumer.ts"];
  if (checkDeclarations) {
    const installed = `${project}/node_modules/render-results-mcp`;
    const walk = async (dir: string): Promise<void> => {
      for await (const entry of Deno.readDir(`${installed}/${dir}`)) {
        const path = `${dir}${entry.name}`;
        if (entry.isDirectory && entry.name !== "node_modules") await walk(`${path}/`);
        else if (entry.name.endsWith(".d.ts")) {
          const copy = `declarations/${path.replace(/\.d\.ts$/, ".ts")}`;
          await Deno.mkdir(`${project}/${copy.slice(0, copy.lastIndexOf("/"))}`, {
            recursive: true,
          });
          await Deno.copyFile(`${installed}/${path}`, `${project}/${copy}`);
          roots.push(copy);
        }
      }
    };
    await walk("");
  }
  await run(node.program, [
    ...node.args,
    "node_modules/typescript/bin/tsc",
    "--skipLibCheck",
    "--noEmit",
    "--strict",
    "--module",
    "nodenext",
    "--target",
    "es2022",
    "--types",
    "node",
    ...roots,
  ], project);
}
