/**
 * Builds the view: bundles `ui/main.tsx` and `ui/styles.css` with one `deno bundle` and inlines
 * both into one self-contained HTML document, the MCP Apps resource. Writes it as
 * `view_html.ts`, a module that exports it with its SHA-256, which the package imports and the
 * repository keeps, so that the package works before anything is built. Fails above
 * {@link MAX_BYTES}, or {@link MAX_GZIP_BYTES} gzipped. Says what it wrote, and what each
 * language's messages cost.
 *
 * `deno task build` runs it (through `launch.ts`) when the view's sources changed.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { inlineHtml } from "./inline_html.ts";
import { TABLES } from "./languages.ts";
import type { Message } from "./messages.ts";

/** The largest HTML document the build accepts, in bytes. */
export const MAX_BYTES = 60 * 1024;

/** The largest HTML document the build accepts, in bytes once gzipped. */
export const MAX_GZIP_BYTES = 24 * 1024;

/** Where the build writes the view, as a module. */
export const VIEW_MODULE: URL = new URL("../view_html.ts", import.meta.url);

/**
 * Runs `deno bundle` with `args` in `cwd`, with `env` added to this process's environment;
 * throws with what it reported when it fails. Every bundle of the project is made with it: the
 * view, the server and the npm package.
 */
export async function denoBundle(
  args: string[],
  cwd: URL,
  env: Record<string, string> = {},
): Promise<void> {
  const { success, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["bundle", ...args],
    cwd,
    env,
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!success) throw new Error(`deno bundle failed:\n${new TextDecoder().decode(stderr)}`);
}

/** Bundles the view and returns its self-contained HTML document. */
export async function buildView(): Promise<string> {
  // One process for both entry points: two `deno bundle` processes at once can race while the
  // first one downloads esbuild. A directory of its own, so that builds at once do not collide.
  const name = `.bundle-${crypto.randomUUID()}`;
  const outdir = new URL(`./${name}/`, import.meta.url);
  try {
    await denoBundle(
      ["--minify", "--platform=browser", "--outdir", name, "main.tsx", "styles.css"],
      new URL(".", import.meta.url),
    );
    const [js, css] = await Promise.all([
      Deno.readTextFile(new URL("main.js", outdir)),
      Deno.readTextFile(new URL("styles.css", outdir)),
    ]);
    return inlineHtml(js, css);
  } finally {
    await Deno.remove(outdir, { recursive: true });
  }
}

/** The size of `bytes` compressed with gzip. */
export async function gzipSize(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** What a message table costs the view, or all of them together. */
export interface LanguageCost {
  /** The table's language tag, or `all`. */
  language: string;
  /** The table's size as a literal in the view's script (UTF-8), in bytes. */
  bytes: number;
  /** What the table adds, gzipped, to all the others gzipped together; for `all`, their size. */
  gzipped: number;
}

/** `value` written as a minified script writes it: strings quoted, plural categories bare. */
function scriptLiteral(value: Message | readonly Message[]): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(scriptLiteral).join(",")}]`;
  const forms = Object.entries(value).map(([category, text]) =>
    `${category}:${scriptLiteral(text)}`
  );
  return `{${forms.join(",")}}`;
}

/**
 * What each message table costs the view, measured on the tables alone: its bytes as a literal,
 * and how much more all tables gzip to with it than without it. Last, all tables together.
 */
export async function languageCosts(): Promise<LanguageCost[]> {
  const encoder = new TextEncoder();
  const literals = Object.entries(TABLES).map(([language, table]) => ({
    language,
    literal: scriptLiteral(table),
  }));
  const gzipped = (without?: string) =>
    gzipSize(encoder.encode(
      literals.filter(({ language }) => language !== without).map(({ literal }) => literal).join(),
    ));
  const all = await gzipped();
  const costs = await Promise.all(literals.map(async ({ language, literal }) => ({
    language,
    bytes: encoder.encode(literal).length,
    gzipped: all - await gzipped(language),
  })));
  const bytes = costs.reduce((sum, cost) => sum + cost.bytes, 0);
  return [...costs, { language: "all", bytes, gzipped: all }];
}

/**
 * Builds the view and writes {@link VIEW_MODULE}; `header` is a comment line put first in it.
 * Returns lines that give the document's size and what each language's messages cost. Throws,
 * writing nothing, when the document is over {@link MAX_BYTES} or {@link MAX_GZIP_BYTES}.
 */
export async function writeView(header = ""): Promise<string> {
  const html = await buildView();
  const bytes = new TextEncoder().encode(html);
  const gzipped = await gzipSize(bytes);
  const size = `${bytes.length} bytes, ${gzipped} gzipped`;
  if (bytes.length > MAX_BYTES || gzipped > MAX_GZIP_BYTES) {
    throw new Error(
      `The view would be ${size}: above the limit of ${MAX_BYTES} bytes, ` +
        `${MAX_GZIP_BYTES} gzipped.`,
    );
  }
  const module =
    `${header}// Built by \`deno task build\` (ui/build.ts) from the view's sources: do not edit.\n\n` +
    `/** The card-list view: one self-contained HTML document. */\n` +
    `export const HTML: string = ${JSON.stringify(html)};\n\n` +
    `/** The SHA-256 of {@linkcode HTML} as UTF-8, in hexadecimal. */\n` +
    `export const SHA256: string = "${createHash("sha256").update(bytes).digest("hex")}";\n`;
  await replaceFile(VIEW_MODULE, new TextEncoder().encode(module));
  const costs = (await languageCosts()).map((cost) =>
    `${cost.language} ${cost.bytes}/${cost.gzipped}`
  );
  return `tools/render_results/view_html.ts: ${size} (limit ${MAX_BYTES}, ${MAX_GZIP_BYTES} gzipped)\n` +
    `  messages, bytes/gzipped (a table as a script literal/what it adds to the others):\n` +
    `  ${costs.join(", ")}`;
}

/**
 * Writes `bytes` to `file` through a file of its own renamed over it, so that a reader never
 * sees half a file, even while another build writes the same one.
 */
export async function replaceFile(file: URL, bytes: Uint8Array): Promise<void> {
  const draft = new URL(`${file.href}.${crypto.randomUUID()}`);
  await Deno.writeFile(draft, bytes);
  await Deno.rename(draft, file);
}
