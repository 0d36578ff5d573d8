/**
 * The MCP Bundle (`deno task mcpb`), installed as Claude Desktop installs it: unpacked by the
 * MCPB command line, its server started with the manifest's `mcp_config` (`${__dirname}` made
 * the bundle's directory) on Node.js 20, the oldest the manifest allows, with nothing but the
 * bundle's files. A real client lists the manifest's tools and calls `render_results`.
 * @module
 */

import assert from "node:assert/strict";
import {
  EXAMPLE_INPUT as exampleInput,
  EXAMPLE_OUTPUT as exampleOutput,
} from "render-results-mcp/testing";
import { buildBundle, mcpb } from "../npm/mcpb.ts";
import { connect, node20 } from "./support/embedded.ts";

/** The first bytes of every PNG file. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

Deno.test("the MCP Bundle, unpacked and started as Claude Desktop starts it, lists and answers render_results", async () => {
  const bundle = await buildBundle();
  const dir = await Deno.makeTempDir({ prefix: "render-results-mcpb-" });
  try {
    await mcpb(["unpack", bundle, dir]);
    const manifest = JSON.parse(await Deno.readTextFile(`${dir}/manifest.json`));
    assert.equal(manifest.server.type, "node");
    const { command, args } = manifest.server.mcp_config;
    assert.equal(command, "node");
    const node = await node20();
    const started = args.map((arg: string) => arg.replaceAll("${__dirname}", dir));
    await using session = await connect("v2-legacy", {
      command: node.program,
      args: [...node.args, ...started],
      cwd: dir,
    });
    const { tools } = await session.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      manifest.tools.map((tool: { name: string }) => tool.name),
    );
    const { structuredContent } = await session.callTool({
      name: "render_results",
      arguments: exampleInput,
    }) as { structuredContent: unknown };
    assert.deepEqual(structuredContent, exampleOutput.structuredContent);

    const icon = await Deno.readFile(`${dir}/${manifest.icon}`);
    assert.deepEqual([...icon.subarray(0, 8)], PNG_SIGNATURE);
    // The server needs nothing from outside the bundle: no dependencies to install.
    const files = await Array.fromAsync(Deno.readDir(`${dir}/server`), (entry) => entry.name);
    assert.deepEqual(files.sort(), ["LICENSE", "bin.js", "index.js", "package.json"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
