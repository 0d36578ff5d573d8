/**
 * Builds the MCP Bundle, `dist/render-results.mcpb` (`deno task mcpb`), which Claude Desktop
 * installs from a file. It holds the npm package's stdio command and the library module that
 * command imports, which carry everything they run on, so the bundle runs offline on the Node.js
 * that Claude Desktop ships; a manifest that lists the tool; and the icon. The MCPB command line,
 * at the version pinned here, checks the manifest and packs the bundle.
 * @module
 */

import serverJson from "../server.json" with { type: "json" };
import { RENDER_RESULTS_TOOL } from "render-results-mcp";
import { buildPackage } from "./build.ts";

/** The MCPB command line as `npx` runs it, at the version the bundle is checked with. */
export const MCPB_CLI = ["-y", "@anthropic-ai/mcpb@2.1.2"];

const ROOT = new URL("../", import.meta.url);
/** Where the bundle is written. */
export const BUNDLE_FILE = new URL("dist/render-results.mcpb", ROOT);
/** The package's files the bundle holds: the command, its module, and what makes them ES modules. */
const SERVER_FILES = ["bin.js", "index.js", "package.json", "LICENSE"];

/** Runs the MCPB command line with `args`; fails with what it printed when it fails. */
export async function mcpb(args: string[]): Promise<string> {
  const { success, stdout, stderr } = await new Deno.Command("npx", {
    args: [...MCPB_CLI, ...args],
    stdin: "null",
    env: { NO_COLOR: "1", npm_config_fund: "false", npm_config_audit: "false" },
  }).output();
  const decoder = new TextDecoder();
  const output = decoder.decode(stdout) + decoder.decode(stderr);
  if (!success) throw new Error(`mcpb ${args[0]} failed:\n${output}`);
  return output;
}

/** The bundle's manifest, for the package at `version`. */
export function bundleManifest(version: string): Record<string, unknown> {
  return {
    manifest_version: "0.3",
    name: "render-results",
    display_name: "render_results",
    version,
    description: serverJson.description,
    author: { name: "render_results contributors" },
    license: "MIT",
    icon: "icon.png",
    server: {
      type: "node",
      entry_point: "server/bin.js",
      mcp_config: { command: "node", args: ["${__dirname}/server/bin.js"] },
    },
    tools: [{
      name: RENDER_RESULTS_TOOL.name,
      // The first sentence: the rest is guidance for the model, not for the person installing.
      description: RENDER_RESULTS_TOOL.description?.match(/^[^.]*\./)?.[0],
    }],
    keywords: ["search", "sources", "mcp-apps"],
    compatibility: {
      platforms: ["darwin", "win32", "linux"],
      runtimes: { node: ">=20.0.0" },
    },
  };
}

/**
 * Builds the bundle from the npm package's `tarball`, which it builds unless given; returns the
 * bundle's path.
 */
export async function buildBundle(tarball?: string): Promise<string> {
  tarball ??= await buildPackage();
  const staging = await Deno.makeTempDir({ prefix: "render-results-mcpb-" });
  try {
    const untar = await new Deno.Command("tar", { args: ["-xzf", tarball, "-C", staging] })
      .output();
    if (!untar.success) throw new Error(`tar could not unpack ${tarball}.`);
    const bundle = `${staging}/bundle`;
    await Deno.mkdir(`${bundle}/server`, { recursive: true });
    for (const file of SERVER_FILES) {
      await Deno.copyFile(`${staging}/package/${file}`, `${bundle}/server/${file}`);
    }
    await Deno.copyFile(new URL("npm/icon.png", ROOT), `${bundle}/icon.png`);
    const { version } = JSON.parse(await Deno.readTextFile(`${staging}/package/package.json`));
    const manifest = JSON.stringify(bundleManifest(version), null, 2) + "\n";
    await Deno.writeTextFile(`${bundle}/manifest.json`, manifest);
    await mcpb(["validate", `${bundle}/manifest.json`]);
    // Packed beside, then moved into place in one rename: builds at once do not collide.
    await mcpb(["pack", bundle, `${staging}/render-results.mcpb`]);
    await Deno.mkdir(new URL(".", BUNDLE_FILE), { recursive: true });
    await Deno.rename(`${staging}/render-results.mcpb`, BUNDLE_FILE);
    return BUNDLE_FILE.pathname;
  } finally {
    await Deno.remove(staging, { recursive: true });
  }
}

if (import.meta.main) {
  try {
    console.log(await buildBundle());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    Deno.exit(1);
  }
}
