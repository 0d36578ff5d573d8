/**
 * What `deno task start`, `dev`, `stdio` and `build` run. It brings the built view
 * (`tools/render_results/view_html.ts`, which the repository keeps) and the server bundle
 * (`dist/server.js`) up to date with their sources, compared by content (a SHA-256 of every
 * source file, kept in each output's first line), so a changed source is never served stale and
 * an unchanged one is never built again. Then, unless called
 * with `--build`, it gives up the permissions building needs and runs the bundled server in
 * this process, with this process's arguments (`--http`, `--stdio`, `--dev`).
 *
 * The bundle loads faster than the modules it is made of, and leaves out what the server does
 * not use: it is built for web runtimes' export conditions, without the SDK's Ajv validator.
 * @module
 */

// Nothing of the server is imported statically: the check must work, and report, whatever state
// the server's sources are in. The byte helpers (a leaf module) load inside the check, so their
// failure is reported too; the view's builder loads only when something is to be built.
const bytes = () => import("./server/bytes.ts");
const builder = () => import("render-results-mcp/build");

const ROOT = new URL("./", import.meta.url);
/** The built view, which the repository keeps. */
export const VIEW_MODULE: URL = new URL("tools/render_results/view_html.ts", ROOT);
const BUNDLE = new URL("dist/server.js", ROOT);
const SOURCE_MAP = new URL("dist/server.js.map", ROOT);
const KEY_LINE = /^\/\/ source-key: ([0-9a-f]{64})\n/;

/** Files that change what the server's build makes, besides its sources. */
const CONFIGURATION = ["deno.json", "deno.lock"];

/** The view's sources: the modules and style sheet of its `ui/`, not its tests or tools. */
function viewSources(): string[] {
  return sources(
    ["tools/render_results/ui"],
    (path) => /\.(ts|tsx|css)$/.test(path) && !/(screenshots|testing)\.ts$/.test(path),
  );
}

/**
 * The server's own sources: its modules, the tool's package and schemas, and this bundler. The
 * built view is left out: the view's own key stands for it.
 */
function serverSources(): string[] {
  const files = sources(
    ["server", "tools"],
    (path) => /\.(ts|json)$/.test(path) && path !== "tools/render_results/view_html.ts",
  );
  return [...files, "launch.ts", "main.ts"];
}

/**
 * Files under `dirs` (relative to the root) that `keep` accepts, tests left out, sorted. Reads
 * synchronously, as the rest of the check: for a few dozen small files that is faster than
 * asynchronous reads, and nothing else runs yet.
 */
function sources(dirs: string[], keep: (path: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of Deno.readDirSync(new URL(dir, ROOT))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory && entry.name !== "dist") walk(path);
      else if (entry.isFile && keep(path) && !path.endsWith("_test.ts")) found.push(path);
    }
  };
  dirs.forEach(walk);
  return found.sort();
}

/** The SHA-256, in hexadecimal, of the names and texts of `paths`, then of `more`. */
async function sourceKey(paths: string[], more = ""): Promise<string> {
  const text = paths
    .map((path) => `${path}\0${Deno.readTextFileSync(new URL(path, ROOT))}\0`)
    .join("");
  return (await bytes()).sha256Hex(text + more);
}

/**
 * What of the configuration the view's build depends on: how JSX compiles and the Preact it
 * bundles. Nothing else, as the built view is kept in the repository and must not go stale when
 * an unrelated task or package changes.
 */
function viewConfiguration(): string {
  const { compilerOptions, imports } = JSON.parse(
    Deno.readTextFileSync(new URL("deno.json", ROOT)),
  );
  return JSON.stringify([compilerOptions, imports.preact]);
}

/** The key of what the view is built from: its sources and the configuration it uses. */
export function viewKey(): Promise<string> {
  return sourceKey(viewSources(), viewConfiguration());
}

/** The key in the first line of `file`, or undefined when it has none or does not exist. */
export function builtKey(file: URL): string | undefined {
  let start: string;
  try {
    using handle = Deno.openSync(file);
    const buffer = new Uint8Array(128);
    start = new TextDecoder().decode(buffer.subarray(0, handle.readSync(buffer) ?? 0));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  return KEY_LINE.exec(start)?.[1];
}

/**
 * Bundles `main.ts` into {@link BUNDLE}, its source key first, with a source map beside it
 * ({@link SOURCE_MAP}): Deno applies it to stack traces, so an error logged by the minified
 * bundle names the project's source files and lines. The map is read only when a stack is
 * formatted, so it costs the start nothing.
 */
async function bundleServer(key: string): Promise<void> {
  const output = `dist/.server-${crypto.randomUUID()}.js`;
  const { denoBundle, replaceFile } = await builder();
  await denoBundle(
    ["--minify", "--sourcemap=linked", "--platform=deno", "--output", output, "main.ts"],
    ROOT,
    { DENO_CONDITIONS: "browser" },
  );
  const code = await Deno.readTextFile(new URL(output, ROOT));
  const map = JSON.parse(await Deno.readTextFile(new URL(`${output}.map`, ROOT)));
  await Deno.remove(new URL(output, ROOT));
  await Deno.remove(new URL(`${output}.map`, ROOT));
  // The key line comes first in the bundle: the map's lines move down by one, an empty one.
  map.mappings = `;${map.mappings}`;
  map.file = "server.js";
  const linked = code.replace(
    /\/\/# sourceMappingURL=\S+\s*$/,
    "//# sourceMappingURL=server.js.map\n",
  );
  const encoder = new TextEncoder();
  await replaceFile(SOURCE_MAP, encoder.encode(JSON.stringify(map)));
  await replaceFile(BUNDLE, encoder.encode(`// source-key: ${key}\n${linked}`));
}

/** Builds the view and the server bundle where their sources changed; returns what it built. */
async function buildStale(): Promise<string[]> {
  const built: string[] = [];
  const [view, own] = await Promise.all([
    viewKey(),
    sourceKey([...serverSources(), ...CONFIGURATION]),
  ]);
  if (builtKey(VIEW_MODULE) !== view) {
    const { writeView } = await builder();
    built.push(await writeView(`// source-key: ${view}\n`));
  }
  // The bundle embeds the view, so its key is made of both: half of each digest (128 bits).
  const serverKey = own.slice(0, 32) + view.slice(0, 32);
  if (builtKey(BUNDLE) !== serverKey) {
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
    else {
      // A line as the server's log writes them (`server/log.ts`), which may be what broke.
      const text = `The server could not be built: ${message}`;
      console.error(
        JSON.stringify({ time: new Date().toISOString(), level: "error", message: text }),
      );
    }
    Deno.exit(1);
  }
  if (!buildOnly) {
    // The server needs neither to write files nor to start programs.
    await Deno.permissions.revoke({ name: "write" });
    await Deno.permissions.revoke({ name: "run" });
    await import(BUNDLE.href);
  }
}
