/**
 * What `deno task start`, `dev`, `stdio` and `build` run. It brings the built view
 * (`ui/dist/`) and the server bundle (`dist/server.js`) up to date with their sources, compared
 * by content (a SHA-256 of every source file, kept in each output's first line), so a changed
 * source is never served stale and an unchanged one is never built again. Then, unless called
 * with `--build`, it gives up the permissions building needs and runs the bundled server in
 * this process, with this process's arguments (`--http`, `--stdio`, `--dev`).
 *
 * The bundle loads faster than the modules it is made of, and leaves out what the server does
 * not use: it is built for web runtimes' export conditions, without the SDK's Ajv validator.
 * @module
 */

import { writeLogLine } from "./server/log.ts";
import { writeView } from "./ui/build.ts";

const ROOT = new URL("./", import.meta.url);
const VIEW_MODULE = new URL("ui/dist/view.ts", ROOT);
const BUNDLE = new URL("dist/server.js", ROOT);
const KEY_LINE = /^\/\/ source-key: ([0-9a-f]{64})\n/;

/** Files that change what the build makes, besides the sources themselves. */
const CONFIGURATION = ["deno.json", "deno.lock"];

/** The view's sources: the modules and style sheet of `ui/`, not its tests or tools. */
function viewSources(): Promise<string[]> {
  return sources(["ui"], (path) => /\.(ts|tsx|css)$/.test(path) && !/screenshots\.ts$/.test(path));
}

/** The server's sources: its modules, the public module, the tool's schemas and the built view. */
async function serverSources(): Promise<string[]> {
  const files = await sources(["server", "tools"], (path) => /\.(ts|json)$/.test(path));
  return [...files, "main.ts", "mod.ts", "ui/dist/view.ts"];
}

/** Files under `dirs` (relative to the root) that `keep` accepts, tests left out, sorted. */
async function sources(dirs: string[], keep: (path: string) => boolean): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory && entry.name !== "dist") await walk(path);
      else if (entry.isFile && keep(path) && !path.endsWith("_test.ts")) found.push(path);
    }
  };
  for (const dir of dirs) await walk(dir);
  return found.sort();
}

/** The SHA-256, in hexadecimal, of the names and contents of `paths` and the configuration. */
async function sourceKey(paths: string[]): Promise<string> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (const path of [...paths, ...CONFIGURATION]) {
    parts.push(new TextEncoder().encode(`${path}\0`), await Deno.readFile(new URL(path, ROOT)));
  }
  const digest = await crypto.subtle.digest("SHA-256", await new Blob(parts).arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The key in the first line of `file`, or undefined when it has none or does not exist. */
async function builtKey(file: URL): Promise<string | undefined> {
  let start: string;
  try {
    using handle = await Deno.open(file);
    const buffer = new Uint8Array(128);
    start = new TextDecoder().decode(buffer.subarray(0, await handle.read(buffer) ?? 0));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  return KEY_LINE.exec(start)?.[1];
}

/** Bundles `main.ts` into {@link BUNDLE}, its source key first. */
async function bundleServer(key: string): Promise<void> {
  const output = "dist/.server.js";
  const { success, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["bundle", "--minify", "--platform=deno", "--output", output, "main.ts"],
    cwd: ROOT,
    env: { DENO_CONDITIONS: "browser" },
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!success) throw new Error(`deno bundle failed:\n${new TextDecoder().decode(stderr)}`);
  const code = await Deno.readTextFile(new URL(output, ROOT));
  await Deno.writeTextFile(BUNDLE, `// source-key: ${key}\n${code}`);
  await Deno.remove(new URL(output, ROOT));
}

/** Builds the view and the server bundle where their sources changed; returns what it built. */
async function buildStale(): Promise<string[]> {
  const built: string[] = [];
  const viewKey = await sourceKey(await viewSources());
  if (await builtKey(VIEW_MODULE) !== viewKey) {
    built.push(await writeView(`// source-key: ${viewKey}\n`));
  }
  const serverKey = await sourceKey(await serverSources());
  if (await builtKey(BUNDLE) !== serverKey) {
    await bundleServer(serverKey);
    built.push("dist/server.js");
  }
  return built;
}

if (import.meta.main) {
  const buildOnly = Deno.args.includes("--build");
  try {
    const built = await buildStale();
    if (buildOnly) console.error(built.length > 0 ? `Built ${built.join("; ")}` : "Up to date");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (buildOnly) console.error(message);
    else writeLogLine("error", `The server could not be built: ${message}`);
    Deno.exit(1);
  }
  if (!buildOnly) {
    // The server needs neither to write files nor to start programs.
    await Deno.permissions.revoke({ name: "write" });
    await Deno.permissions.revoke({ name: "run" });
    await import(BUNDLE.href);
  }
}
