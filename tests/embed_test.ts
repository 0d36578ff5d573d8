/**
 * `render_results` added to other servers through the public module, on both SDK lines and in
 * both runtimes: the example search servers (`examples/`) on Deno importing `mod.ts`, and on
 * Node.js 20 from the npm package installed as users install it; over Streamable HTTP without
 * and with sessions and over stdio; driven by the real clients of both lines. Everything a
 * client sees of the tool and its view must be the same, byte for byte, as on the standalone
 * server; the package's declarations must type-check a consumer on either line. The page that
 * shows how (`docs/embedding.md`) must link every example, and the package's README, made from
 * it, must show each one's code as it runs.
 * @module
 */

import assert from "node:assert/strict";
import { readme } from "../npm/build.ts";
import {
  assertServesLikeStandalone,
  type ClientKind,
  node20,
  nodeProject,
  startStandalone,
  typeCheck,
} from "./support/embedded.ts";
import { type ServerCommand, startServer } from "./support/server_process.ts";

const ROOT = new URL("../", import.meta.url);
const EXAMPLE_READY = /search server on (http:\/\/[^\s/]+)\/mcp/;

/** How an example serves, and the clients that can speak to it that way. */
interface Mode {
  name: string;
  args: readonly string[];
  clients: readonly ClientKind[];
}

/**
 * How the v2 examples serve: stateless for both eras of v2's client and for v1's; sessions are
 * of the 2025 era, which v2's modern client does not speak.
 */
const V2_MODES: readonly Mode[] = [
  { name: "stateless Streamable HTTP", args: [], clients: ["v2-modern", "v2-legacy", "v1"] },
  { name: "Streamable HTTP with sessions", args: ["--sessions"], clients: ["v2-legacy", "v1"] },
  { name: "stdio", args: ["--stdio"], clients: ["v2-modern", "v2-legacy", "v1"] },
];

/** How the v1 examples serve; a v1 server knows no 2026-07-28, so v2's client speaks 2025. */
const V1_MODES: readonly Mode[] = [
  { name: "Streamable HTTP with sessions", args: [], clients: ["v1", "v2-legacy"] },
  { name: "stateless Streamable HTTP", args: ["--stateless"], clients: ["v1", "v2-legacy"] },
  { name: "stdio", args: ["--stdio"], clients: ["v1", "v2-legacy"] },
];

/** Runs `command` (with `modeArgs`) and checks it serves like the standalone to `kinds`. */
async function assertExampleServes(
  command: { program: string; args: string[]; cwd: string },
  modeArgs: readonly string[],
  kinds: readonly ClientKind[],
): Promise<void> {
  await using standalone = await startStandalone();
  const args = [...command.args, ...modeArgs];
  if (modeArgs.includes("--stdio")) {
    const endpoint = { command: command.program, args, cwd: command.cwd };
    await assertServesLikeStandalone(standalone, endpoint, kinds);
    return;
  }
  const serverCommand: ServerCommand = {
    name: `${command.args.at(-1)} ${modeArgs.join(" ")}`,
    ...command,
    args,
    env: { PORT: "0" },
    ready: EXAMPLE_READY,
  };
  await using server = await startServer(serverCommand);
  await assertServesLikeStandalone(standalone, { url: server.url }, kinds);
}

/** Deno running an example of this repository with `deno.dev.json`, which maps the module. */
function denoExample(example: string): { program: string; args: string[]; cwd: string } {
  return {
    program: Deno.execPath(),
    args: [
      "run",
      "--config",
      "deno.dev.json",
      "--allow-net=127.0.0.1",
      "--allow-env",
      "--allow-read",
      example,
    ],
    cwd: ROOT.pathname,
  };
}

for (const mode of V2_MODES) {
  Deno.test(`on Deno, mod.ts adds render_results to a v2 McpServer over ${mode.name}`, async () => {
    await assertExampleServes(denoExample("examples/search_server.ts"), mode.args, mode.clients);
  });
}

for (const mode of V1_MODES) {
  Deno.test(`on Deno, mod.ts adds render_results to a v1 Server over ${mode.name}`, async () => {
    await assertExampleServes(denoExample("examples/search_server_v1.ts"), mode.args, mode.clients);
  });
}

/** A module that uses the package's declarations on both lines, with deliberate type errors. */
const TYPED_CONSUMER = `
import { McpServer as McpServerV2, Server as ServerV2, type Tool as ToolV2 } from "@modelcontextprotocol/server";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server as ServerV1 } from "@modelcontextprotocol/sdk/server/index.js";
import type { CallToolResult as ResultV1, Tool as ToolV1 } from "@modelcontextprotocol/sdk/types.js";
import {
  callRenderResults,
  registerRenderResults,
  type RenderOutput,
  RENDER_RESULTS_TOOL,
  VIEW_URI,
} from "render-results-mcp";

const info = { name: "typed", version: "1.0.0" };
registerRenderResults(new McpServerV2(info), { onError: (error: unknown) => console.error(error) });
registerRenderResults(new ServerV2(info));
registerRenderResults(new McpServerV1(info));
registerRenderResults(new ServerV1(info));
const tools: [ToolV1, ToolV2] = [RENDER_RESULTS_TOOL, RENDER_RESULTS_TOOL];
const result: ResultV1 = callRenderResults({ results: [] });
const output = result.structuredContent as unknown as RenderOutput;
const described: [number, string, string] = [output.total, VIEW_URI, tools[0].name];
// @ts-expect-error: a number is not a server.
registerRenderResults(42);
// @ts-expect-error: a client is not a server.
registerRenderResults(new ClientV1(info));
console.log(described);
`;

/** The same for a project that has the v1 SDK only. */
const TYPED_V1_CONSUMER = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { registerRenderResults, RENDER_RESULTS_TOOL } from "render-results-mcp";

registerRenderResults(new McpServer({ name: "typed", version: "1.0.0" }));
registerRenderResults(new Server({ name: "typed", version: "1.0.0" }));
const tool: Tool = RENDER_RESULTS_TOOL;
// @ts-expect-error: a string is not a server.
registerRenderResults("server");
console.log(tool.name);
`;

/** Node.js 20 running `example` (and the module it shares) in `project`. */
async function nodeExample(project: string, example: string) {
  for (const file of [example, "sessions.mjs"]) {
    await Deno.copyFile(new URL(`examples/${file}`, ROOT), `${project}/${file}`);
  }
  const node = await node20();
  return { program: node.program, args: [...node.args, example], cwd: project };
}

Deno.test("on Node.js 20, the npm package adds render_results to v2 and v1 servers, as the standalone serves it", async (t) => {
  await using project = await nodeProject([
    "@modelcontextprotocol/server@2.4.0",
    "@modelcontextprotocol/node@2.1.2",
    "@modelcontextprotocol/sdk@1.32.2",
    "zod@3.25.76",
    "typescript@6.0.3",
    "@types/node@20.19.25",
  ]);
  await t.step("the declarations type-check servers of both lines, and are not any", async () => {
    // The SDKs' own declarations are trusted here; the v1-only project below checks the
    // package's declarations themselves.
    await typeCheck(project.path, TYPED_CONSUMER);
  });
  for (const mode of V2_MODES) {
    await t.step(`a v2 McpServer over ${mode.name}`, async () => {
      const example = await nodeExample(project.path, "search_server.mjs");
      await assertExampleServes(example, mode.args, mode.clients);
    });
  }
  for (const mode of V1_MODES) {
    await t.step(`a v1 McpServer over ${mode.name}`, async () => {
      const example = await nodeExample(project.path, "search_server_v1.mjs");
      await assertExampleServes(example, mode.args, mode.clients);
    });
  }
});

Deno.test("on Node.js 20 with only @modelcontextprotocol/sdk 1.20.0, the package type-checks and serves", async (t) => {
  await using project = await nodeProject([
    "@modelcontextprotocol/sdk@1.20.0",
    "zod@3.25.76",
    "typescript@6.0.3",
    "@types/node@20.19.25",
  ]);
  await t.step("the package says what it supports: this version on, and how to check", async () => {
    const installed = `${project.path}/node_modules/render-results-mcp`;
    const manifest = JSON.parse(await Deno.readTextFile(`${installed}/package.json`));
    assert.equal(manifest.peerDependencies["@modelcontextprotocol/sdk"], "^1.20.0");
    assert.deepEqual(manifest.dependencies, undefined);
    const readme = await Deno.readTextFile(`${installed}/README.md`);
    assert.ok(readme.includes("`@modelcontextprotocol/sdk` 1.20 or later"));
    assert.ok(readme.includes("`@modelcontextprotocol/server` 2.4 or later"));
    assert.match(readme, /### Check that it worked[^#]*tools\/list[^#]*"resourceUri"/);
  });
  await t.step("the declarations need no v2 package", async () => {
    await typeCheck(project.path, TYPED_V1_CONSUMER, { checkDeclarations: true });
  });
  for (const mode of [V1_MODES[0], V1_MODES[2]]) {
    await t.step(`a v1 McpServer over ${mode.name}`, async () => {
      const example = await nodeExample(project.path, "search_server_v1.mjs");
      await assertExampleServes(example, mode.args, mode.clients);
    });
  }
});

Deno.test("docs/embedding.md links every example, and the package's README shows each as it runs", async () => {
  const page = await Deno.readTextFile(new URL("docs/embedding.md", ROOT));
  const packageReadme = await readme();
  for await (const { name } of Deno.readDir(new URL("examples/", ROOT))) {
    const example = `examples/${name}`;
    assert.ok(page.includes(`](../${example})`), `docs/embedding.md does not link ${example}.`);
    const code = await Deno.readTextFile(new URL(example, ROOT));
    assert.ok(packageReadme.includes(code), `The package's README does not show ${example}.`);
  }
  assert.doesNotMatch(packageReadme, /\]\((?!https?:|#)/, "The package's README links a file.");
});
