/**
 * The npm package's command, `render-results-mcp`, started as clients that run stdio servers
 * start it: `npx -y`, from the packed tarball, on Node.js 20. npx installs the package and
 * nothing else; the command serves exactly what `deno task stdio` serves to the real clients of
 * both SDK lines in both protocol eras, and MCP Inspector 2's command line lists and calls the
 * tool through it; stdout carries only protocol, an oversize line is refused and the session
 * goes on, and the process ends when stdin closes and on SIGTERM once what it read is answered.
 * @module
 */

import assert from "node:assert/strict";
import { dirname } from "node:path";
import {
  EXAMPLE_INPUT as exampleInput,
  EXAMPLE_OUTPUT as exampleOutput,
} from "render-results-mcp/testing";
import {
  type ClientKind,
  connect,
  node20,
  observe,
  packageTarball,
  run,
} from "./support/embedded.ts";
import { logLines } from "./support/mcp_http.ts";
import { stopAfterAnswer } from "./support/server_process.ts";
import serverJson from "../server.json" with { type: "json" };

const ROOT = new URL("../", import.meta.url).pathname;
const SOURCES = [{ title: "A", url: "https://example.com/a", text: "Snippet" }];
const INSPECTOR = ["-y", "-p", "node@22", "-p", "@modelcontextprotocol/inspector@2.12.0", "--"];
const CLIENTS: readonly ClientKind[] = ["v2-modern", "v2-legacy", "v1"];
const encoder = new TextEncoder();

/** Where npx installs and how it runs the command, on a machine whose `node` is Node.js 20. */
interface Npx extends AsyncDisposable {
  /** The client's one line: `npx -y render-results-mcp`, from the tarball. */
  command: string;
  args: string[];
  /** Its own npm cache (so npx installs this tarball, not an earlier one), and Node.js 20 first. */
  env: Record<string, string>;
  /** The npm cache, where npx installs. */
  cwd: string;
  /** The path of Node.js 20's `node`. */
  node: string;
}

/** A fresh npm cache, and `npx -y` of the package's tarball with Node.js 20 first on the path. */
async function npxCommand(): Promise<Npx> {
  const node20Command = await node20();
  const node = (await run(
    node20Command.program,
    [...node20Command.args, "-p", "process.execPath"],
    ROOT,
  )).trim();
  const cache = await Deno.makeTempDir({ prefix: "render-results-npx-" });
  return {
    command: "npx",
    args: ["-y", "--package", await packageTarball(), "--", "render-results-mcp"],
    env: { PATH: `${dirname(node)}:${Deno.env.get("PATH")}`, npm_config_cache: cache },
    cwd: cache,
    node,
    [Symbol.asyncDispose]: () => Deno.remove(cache, { recursive: true }),
  };
}

/** Starts the command as `npx` does (or, with `direct`, its installed file with `node`). */
function spawn(npx: Npx, direct?: string): Deno.ChildProcess {
  return new Deno.Command(direct ? npx.node : npx.command, {
    args: direct ? [direct] : npx.args,
    cwd: npx.cwd,
    env: npx.env,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

/**
 * The command's file where npx installed it, after one run of the client's line (stdin closed,
 * so it ends at once) where it is not installed yet; and the packages npx installed with it.
 */
async function installedCommand(npx: Npx): Promise<{ file: string; packages: string[] }> {
  const installs = () => Array.fromAsync(Deno.readDir(`${npx.cwd}/_npx`)).catch(() => []);
  if ((await installs()).length === 0) {
    const { success } = await new Deno.Command(npx.command, {
      args: npx.args,
      cwd: npx.cwd,
      env: npx.env,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    assert.ok(success, "npx did not run the command.");
  }
  const [install, ...others] = await installs();
  assert.equal(others.length, 0);
  const modules = `${npx.cwd}/_npx/${install.name}/node_modules`;
  const packages = (await Array.fromAsync(Deno.readDir(modules)))
    .map((entry) => entry.name)
    .filter((name) => !name.startsWith("."));
  return { file: `${modules}/.bin/render-results-mcp`, packages };
}

/** The JSON-RPC messages in `stdout`, one a line; fails on any line that is not one. */
function messages(stdout: Uint8Array): { id?: unknown; result?: unknown; error?: unknown }[] {
  const lines = new TextDecoder().decode(stdout).split("\n").filter(Boolean);
  return lines.map((line) => {
    const message = JSON.parse(line);
    assert.equal(message.jsonrpc, "2.0", `Not a JSON-RPC message on stdout: ${line}`);
    return message;
  });
}

/** `method` as a JSON-RPC request line. */
function request(id: number, method: string, params: Record<string, unknown> = {}): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n";
}

const INITIALIZE = request(1, "initialize", {
  protocolVersion: "2025-11-25",
  capabilities: {},
  clientInfo: { name: "npm-command-test", version: "1" },
});

Deno.test("npx -y, from the packed tarball, on Node.js 20", async (t) => {
  // One npm cache for every step: npx installs the package once, as a client's first start does.
  await using npx = await npxCommand();
  await t.step(
    "installs the package alone, and its command serves what deno task stdio serves",
    async () => {
      const { file, packages } = await installedCommand(npx);
      assert.deepEqual(packages, ["render-results-mcp"]);
      const installedPackage = `${dirname(dirname(file))}/render-results-mcp`;
      const { license, mcpName } = JSON.parse(
        await Deno.readTextFile(`${installedPackage}/package.json`),
      );
      assert.deepEqual({ license, mcpName }, { license: "MIT", mcpName: serverJson.name });
      assert.match(await Deno.readTextFile(`${installedPackage}/LICENSE`), /^MIT License\n/);
      // The installed command, as npx runs it (without npm's own start each time).
      const installed = { command: npx.node, args: [file], cwd: npx.cwd };
      const denoStdio = { command: Deno.execPath(), args: ["task", "--quiet", "stdio"], cwd: ROOT };
      for (const kind of CLIENTS) {
        await using command = await connect(kind, installed);
        await using reference = await connect(kind, denoStdio);
        assert.deepEqual(
          command.capabilities()?.extensions?.["io.modelcontextprotocol/ui"],
          reference.capabilities()?.extensions?.["io.modelcontextprotocol/ui"],
        );
        const served = await observe(command, SOURCES);
        assert.deepEqual(
          served,
          await observe(reference, SOURCES),
          `${kind}: not as deno task stdio`,
        );
        assert.match(served.results[1], /"total":1/);
      }
    },
  );

  await t.step(
    "MCP Inspector 2's command line lists render_results and calls it, in both eras",
    async () => {
      const inspect = async (args: string[]) => {
        const env = Object.entries(npx.env).flatMap(([name, value]) => ["-e", `${name}=${value}`]);
        const cli = ["mcp-inspector", "--cli", "--format", "json", "--quiet", ...env, ...args];
        const server = ["--", npx.command, ...npx.args];
        return JSON.parse(await run("npx", [...INSPECTOR, ...cli, ...server], npx.cwd)).result;
      };
      // Each run is four processes started one after another (npx, the Inspector, npx again and
      // the server), the two runs independent: they go side by side.
      const [listed, { _meta, ...called }] = await Promise.all([
        inspect(["--protocol-era", "legacy", "--method", "tools/list"]),
        inspect([
          "--protocol-era",
          "modern",
          "--method",
          "tools/call",
          "--tool-name",
          "render_results",
          "--tool-args-json",
          JSON.stringify(exampleInput),
        ]),
      ]);
      assert.deepEqual(listed.tools.map((tool: { name: string }) => tool.name), ["render_results"]);
      assert.match(
        listed.tools[0]._meta.ui.resourceUri,
        /^ui:\/\/render-results\/view-[0-9a-f]+\.html$/,
      );
      assert.deepEqual(called, exampleOutput);
      // Results of the 2026-07-28 era name the server that answered.
      assert.equal(_meta["io.modelcontextprotocol/serverInfo"].name, "render-results");
    },
  );

  await t.step(
    "refuses an oversize line, goes on, and ends when stdin closes",
    async () => {
      const child = spawn(npx);
      const writer = child.stdin.getWriter();
      await writer.write(encoder.encode(INITIALIZE));
      await writer.write(encoder.encode(`"${"x".repeat(1024 * 1024)}"\n`));
      await writer.write(encoder.encode(request(2, "tools/call", {
        name: "render_results",
        arguments: exampleInput,
      })));
      await writer.close();
      const { code, stdout, stderr } = await child.output();
      assert.equal(code, 0);
      const [initialized, refused, called] = messages(stdout);
      assert.equal(initialized.id, 1);
      assert.deepEqual(refused, {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid request: a line may be at most 1,048,576 bytes." },
      });
      assert.equal(called.id, 2);
      const { structuredContent } = called.result as { structuredContent: unknown };
      assert.deepEqual(structuredContent, exampleOutput.structuredContent);
      const logs = logLines(new TextDecoder().decode(stderr));
      assert.deepEqual(logs.map((line) => line.message), ["render_results MCP server on stdio"]);
    },
  );

  await t.step("SIGTERM answers what was read, logs one line and exits 0", async () => {
    // The signal goes to the server itself: npx does not pass it on (a client's SIGTERM reaches
    // npx, and the server then ends when the client closes its stdin).
    const child = spawn(npx, (await installedCommand(npx)).file);
    const { code, stdout, stderr } = await stopAfterAnswer(child, INITIALIZE);
    assert.equal(code, 0);
    assert.match(stdout, /^\{"result":\{"protocolVersion":"2025-11-25"[^\n]*"id":1\}\n$/);
    const stops = logLines(stderr).filter((line) => line.message === "Stopped on SIGTERM.");
    assert.equal(stops.length, 1);
    assert.equal(stops[0].cutOff, 0);
  });
});
