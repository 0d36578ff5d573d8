/**
 * Builds the npm package of the tool's package (`tools/render_results/mod.ts`, `deno task npm`):
 * one ES module for Node.js 20 and later that imports nothing, the built view inside it; type
 * declarations made by TypeScript from the same sources; and a README made from
 * `docs/embedding.md`. The server's SDK, of either line, is the installing project's: both are
 * optional peer dependencies. The package's
 * command, `render-results-mcp` (`npm/bin.ts`), is the stdio server: it carries the SDK it
 * runs on inside it, so that `npx -y render-results-mcp` installs nothing but the package, and
 * takes the tool and its view from the library module. Writes the package to `dist/npm/` and
 * packs it with `npm pack` into `dist/`, printing the tarball's path on stdout.
 * @module
 */

import ts from "typescript";
import denoJson from "../deno.json" with { type: "json" };
import serverJson from "../server.json" with { type: "json" };
import packageJson from "../tools/render_results/deno.json" with { type: "json" };
import { denoBundle } from "render-results-mcp/build";

/** The package's name on npm, which examples import. */
export const PACKAGE_NAME = "render-results-mcp";

const ROOT = new URL("../", import.meta.url);
/** The tool's package, whose public module the npm package is. */
const PACKAGE = new URL("tools/render_results/", ROOT);
const PUBLIC_MODULE = "tools/render_results/mod.ts";
const DIST = new URL("dist/", ROOT);
const OUT = new URL("npm/", DIST);
/**
 * The SDK lines the package works with, each an optional peer, as a server has one of them: the
 * v2 version this project builds on, and v1 from the oldest version the tests run.
 */
const PEERS = {
  "@modelcontextprotocol/server": denoJson.imports["@modelcontextprotocol/server"]
    .replace(/^npm:@[^@]+@/, "^"),
  "@modelcontextprotocol/sdk": "^1.20.0",
};
/** The page on adding the tool to a server, which the package's README is made from. */
const EMBEDDING_PAGE = new URL("docs/embedding.md", ROOT);

/** The package's command: its name, and the file it runs. */
const COMMAND = { name: PACKAGE_NAME, file: "bin.js" };

/** The modules the command imports: Node's own, and the library module beside it. */
const COMMAND_IMPORTS = ["./index.js", "node:process", "node:stream"];

/** Bundles `entry` with `options` into `output`; returns the bundle's text. */
async function bundleFile(
  entry: string,
  output: URL,
  options: string[],
  env: Record<string, string> = {},
): Promise<string> {
  await denoBundle(["--platform=deno", ...options, "--output", output.pathname, entry], ROOT, env);
  return await Deno.readTextFile(output);
}

/**
 * Bundles `mod.ts` into `index.js` in `out`, which must import nothing: no SDK is needed at run
 * time.
 */
async function bundle(out: URL): Promise<void> {
  const code = await bundleFile(PUBLIC_MODULE, new URL("index.js", out), []);
  const imported = code.match(/^\s*(import|export)\b[^;]*\bfrom\s*"[^"]+"/m);
  if (imported) throw new Error(`The bundle imports a module: ${imported[0]}`);
}

/**
 * Bundles the command (`npm/bin.ts`) into {@link COMMAND}'s file in `out`: minified, with the
 * SDK and its dependencies inside, for web runtimes' export conditions as the Deno server's
 * bundle is (so without the SDK's Ajv validator). `mod.ts` is left out and imported from the
 * library module, so the package carries the tool and its view once.
 */
async function bundleCommand(out: URL): Promise<void> {
  const output = new URL(COMMAND.file, out);
  const code = await bundleFile(
    "npm/bin.ts",
    output,
    ["--minify", "--external", PACKAGE_NAME],
    { DENO_CONDITIONS: "browser" },
  );
  const linked = code.replaceAll(`"${PACKAGE_NAME}"`, '"./index.js"');
  const imports = [...linked.matchAll(/\b(?:from|import)\s*\(?\s*"([^"]+)"/g)]
    .map((match) => match[1]);
  if ([...new Set(imports)].sort().join() !== COMMAND_IMPORTS.join()) {
    throw new Error(
      `The command imports ${imports.join(", ")}, not ${COMMAND_IMPORTS.join(", ")}.`,
    );
  }
  // The view's HTML is index.js's to carry; a second copy would double what npx installs.
  if (/<!doctype html>/i.test(linked)) throw new Error("The command carries the view's HTML.");
  await Deno.writeTextFile(output, `#!/usr/bin/env node\n${linked}`);
}

/**
 * Writes the declarations of `mod.ts` and of every module they import, each beside the others
 * as in the sources, with `.ts` imports made `.js` as Node.js resolves them.
 */
async function declare(out: URL): Promise<string[]> {
  const written: string[] = [];
  const queue = ["mod.ts"];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (written.includes(path)) continue;
    const source = await Deno.readTextFile(new URL(path, PACKAGE));
    const { outputText, diagnostics = [] } = ts.transpileDeclaration(source, {
      fileName: path,
      compilerOptions: { allowImportingTsExtensions: true, target: ts.ScriptTarget.ES2022 },
      reportDiagnostics: true,
    });
    if (diagnostics.length > 0) {
      const host = {
        getCanonicalFileName: String,
        getCurrentDirectory: () => "",
        getNewLine: () => "\n",
      };
      throw new Error(ts.formatDiagnostics(diagnostics, host));
    }
    const declaration = outputText.replace(
      /(from\s+"|import\(")(\.{1,2}\/[^"]+)\.ts"/g,
      (_match: string, before: string, module: string) => {
        queue.push(new URL(`${module}.ts`, new URL(path, PACKAGE)).href.slice(PACKAGE.href.length));
        return `${before}${module}.js"`;
      },
    );
    const target = new URL(path.replace(/\.ts$/, ".d.ts"), out);
    await Deno.mkdir(new URL(".", target), { recursive: true });
    await Deno.writeTextFile(target, declaration);
    written.push(path);
  }
  return written;
}

/** A Markdown link to a file of this repository: not to the web, nor within the page. */
const FILE_LINK = /\[([^\]]+)\]\((?!https?:|#)([^)]+)\)/g;

/**
 * The package's README: `docs/embedding.md` under the package's name. The package holds no other
 * file of this repository, so a link to one keeps only its text, and the examples the page links
 * are written out after it.
 */
export async function readme(): Promise<string> {
  const page = await Deno.readTextFile(EMBEDDING_PAGE);
  const examples = new Set<string>();
  const text = page.slice(page.indexOf("\n") + 1).replace(FILE_LINK, (_link, label, target) => {
    const path = new URL(target, EMBEDDING_PAGE).href.slice(ROOT.href.length);
    if (path.startsWith("examples/")) examples.add(path);
    return label;
  });
  const written = await Promise.all([...examples].map(async (path) => {
    const code = await Deno.readTextFile(new URL(path, ROOT));
    return `### ${path}\n\n\`\`\`${path.endsWith(".ts") ? "ts" : "js"}\n${code}\`\`\`\n`;
  }));
  return `# ${PACKAGE_NAME}\n\n\`render_results\` for MCP servers of the TypeScript SDK, v1 and v2.\n` +
    `${text}\n## The examples' code\n\n${written.join("\n")}`;
}

/** The package manifest, `package.json`. */
export function manifest(): Record<string, unknown> {
  return {
    name: PACKAGE_NAME,
    version: packageJson.version,
    description:
      "Show source results as a card list in MCP Apps hosts, and as text everywhere else.",
    type: "module",
    exports: { ".": { types: "./mod.d.ts", default: "./index.js" } },
    types: "./mod.d.ts",
    bin: { [COMMAND.name]: COMMAND.file },
    files: ["index.js", COMMAND.file, "**/*.d.ts", "README.md"],
    engines: { node: ">=20" },
    peerDependencies: PEERS,
    peerDependenciesMeta: Object.fromEntries(
      Object.keys(PEERS).map((name) => [name, { optional: true }]),
    ),
    keywords: ["mcp", "model-context-protocol", "mcp-apps", "search"],
    license: "MIT",
    // The MCP Registry lists the server under this name only if the package claims it.
    mcpName: serverJson.name,
  };
}

/**
 * Builds the package into `dist/npm/` and packs it; returns the tarball's path. Builds running
 * at once (tests in parallel) do not collide: each stages its own directory, then moves the
 * tarball into place in one rename, so a reader never sees a partial one.
 */
export async function buildPackage(): Promise<string> {
  const staging = new URL(`.npm-${crypto.randomUUID()}/`, DIST);
  const staged = new URL("npm/", staging);
  try {
    await Deno.mkdir(staged, { recursive: true });
    await bundle(staged);
    await bundleCommand(staged);
    await declare(staged);
    await Deno.writeTextFile(new URL("README.md", staged), await readme());
    await Deno.copyFile(new URL("LICENSE", ROOT), new URL("LICENSE", staged));
    await Deno.writeTextFile(
      new URL("package.json", staged),
      JSON.stringify(manifest(), null, 2) + "\n",
    );
    const { success, stdout, stderr } = await new Deno.Command("npm", {
      args: ["pack", "--json", "--pack-destination", ".."],
      cwd: staged,
      stderr: "piped",
    }).output();
    if (!success) throw new Error(`npm pack failed:\n${new TextDecoder().decode(stderr)}`);
    const [{ filename }] = JSON.parse(new TextDecoder().decode(stdout));
    const tarball = new URL(filename, DIST);
    await Deno.rename(new URL(filename, staging), tarball);
    // The unpacked copy for people to look at: another build may be replacing it at the same
    // moment with the same files, so either one's is kept.
    await Deno.remove(OUT, { recursive: true }).catch(() => {});
    await Deno.rename(staged, OUT).catch(() => {});
    return tarball.pathname;
  } finally {
    await Deno.remove(staging, { recursive: true }).catch(ignoreNotFound);
  }
}

/** Rethrows `error` unless it says there was nothing to remove. */
function ignoreNotFound(error: unknown): void {
  if (!(error instanceof Deno.errors.NotFound)) throw error;
}

if (import.meta.main) {
  try {
    console.log(await buildPackage());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    Deno.exit(1);
  }
}
