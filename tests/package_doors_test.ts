/**
 * The tool's package, `render-results-mcp`, is entered only through its declared exports, and it
 * reaches nothing outside its folder: read off the module graph Deno resolves for every source
 * file of the repository, so an import written any way (relative, absolute, re-exported) counts.
 */

import assert from "node:assert/strict";

const ROOT = new URL("..", import.meta.url);
const PACKAGE = new URL("tools/render_results/", ROOT);
const PACKAGE_NAME = "render-results-mcp";

interface Dependency {
  specifier: string;
  code?: { specifier?: string };
  type?: { specifier?: string };
}

interface GraphModule {
  specifier: string;
  dependencies?: Dependency[];
}

/** One import of a file of the repository by another: who imports, as written, what it reaches. */
interface LocalImport {
  from: string;
  written: string;
  to: string;
}

async function run(program: string, args: string[], input?: string): Promise<string> {
  const child = new Deno.Command(program, {
    args,
    cwd: ROOT,
    stdin: input === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (input !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(input));
    await writer.close();
  }
  const { stdout, stderr } = await child.output();
  const errors = new TextDecoder().decode(stderr);
  assert.ok(errors === "" || !errors.includes("error:"), `${program} ${args[0]}: ${errors}`);
  return new TextDecoder().decode(stdout);
}

/** Every import between the repository's own files, from one graph of all its TypeScript. */
async function localImports(): Promise<LocalImport[]> {
  const files = (await run("git", ["ls-files", "*.ts", "*.tsx"])).split("\n").filter(Boolean);
  const dir = await Deno.makeTempDir({ prefix: "render-results-doors-" });
  try {
    const entry = `${dir}/all.ts`;
    const lines = files.map((file) => `import ${JSON.stringify(new URL(file, ROOT).href)};`);
    await Deno.writeTextFile(entry, lines.join("\n"));
    const graph = JSON.parse(
      await run(Deno.execPath(), ["info", "--config", "deno.dev.json", "--json", entry]),
    ) as { modules: GraphModule[] };
    const relative = (href: string) => href.slice(ROOT.href.length);
    return graph.modules
      .filter((module) => module.specifier.startsWith(ROOT.href))
      .flatMap((module) =>
        (module.dependencies ?? []).flatMap((dependency) =>
          [dependency.code?.specifier, dependency.type?.specifier]
            .filter((to): to is string => to?.startsWith(ROOT.href) ?? false)
            .map((to) => ({
              from: relative(module.specifier),
              written: dependency.specifier,
              to: relative(to),
            }))
        )
      );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const imports = await localImports();
const packagePath = PACKAGE.href.slice(ROOT.href.length);
const inPackage = (path: string) => path.startsWith(packagePath);
const show = ({ from, written }: LocalImport) => `${from} imports "${written}"`;

Deno.test("outside the package, its files are reached only through its name and exports", async () => {
  const manifest = JSON.parse(await Deno.readTextFile(new URL("deno.json", PACKAGE)));
  const doors = new Set(
    Object.values(manifest.exports as Record<string, string>).map((target) =>
      new URL(target, PACKAGE).href.slice(ROOT.href.length)
    ),
  );
  const names = new Set(
    Object.keys(manifest.exports as Record<string, string>).map((key) =>
      key === "." ? PACKAGE_NAME : `${PACKAGE_NAME}/${key.slice(2)}`
    ),
  );
  const entered = imports.filter(({ from, to }) => !inPackage(from) && inPackage(to));
  assert.ok(entered.length > 0, "the app uses the package");
  // The package's manifest is read for its name and version, as a publisher reads it.
  const past = entered.filter(({ written, to }) =>
    !(names.has(written) && doors.has(to)) && to !== `${packagePath}deno.json`
  );
  assert.deepEqual(past.map(show), []);
});

Deno.test("the package imports nothing outside its own folder", () => {
  const leaving = imports.filter(({ from, to }) => inPackage(from) && !inPackage(to));
  assert.deepEqual(leaving.map(show), []);
});

Deno.test("no source imports a file the repository ignores, such as a build's output", async () => {
  const targets = [...new Set(imports.map(({ to }) => to))];
  const ignored = new Set(
    (await run("git", ["check-ignore", "--no-index", "--stdin"], targets.join("\n")))
      .split("\n").filter(Boolean),
  );
  assert.deepEqual(imports.filter(({ to }) => ignored.has(to)).map(show), []);
});
