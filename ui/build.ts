/**
 * Builds the view: bundles `ui/main.tsx` and `ui/styles.css` with `deno bundle` and inlines both
 * into one HTML document, `ui/dist/render_results.html`, that the server serves as its MCP Apps
 * resource. Reports the size on stderr (stdout belongs to the stdio server) and fails above
 * {@link MAX_BYTES}.
 *
 * Usage: `deno task build [--if-missing]`; `--if-missing` does nothing when the output exists.
 *
 * @module
 */
import { inlineHtml } from "./inline_html.ts";

/** The largest HTML document the build accepts, in bytes. */
export const MAX_BYTES = 28 * 1024;

/** Where the build writes the view. */
export const OUTPUT = new URL("./dist/render_results.html", import.meta.url);

async function bundle(entry: string): Promise<string> {
  const { success, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["bundle", "--minify", "--platform=browser", entry],
    cwd: new URL(".", import.meta.url),
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  if (!success) throw new Error(`deno bundle ${entry} failed:\n${decoder.decode(stderr)}`);
  return decoder.decode(stdout);
}

/** Bundles the view and returns its self-contained HTML document. */
export async function buildView(): Promise<string> {
  const [js, css] = await Promise.all([bundle("main.tsx"), bundle("styles.css")]);
  return inlineHtml(js, css);
}

/** The size of `bytes` compressed with gzip. */
export async function gzipSize(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

async function exists(url: URL): Promise<boolean> {
  try {
    await Deno.stat(url);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

if (import.meta.main) {
  if (Deno.args.includes("--if-missing") && await exists(OUTPUT)) Deno.exit(0);
  const bytes = new TextEncoder().encode(await buildView());
  const size = `${bytes.length} bytes, ${await gzipSize(bytes)} gzipped`;
  if (bytes.length > MAX_BYTES) {
    console.error(`ui/dist/render_results.html would be ${size}: above ${MAX_BYTES} bytes`);
    Deno.exit(1);
  }
  await Deno.mkdir(new URL(".", OUTPUT), { recursive: true });
  await Deno.writeFile(OUTPUT, bytes);
  console.error(`ui/dist/render_results.html: ${size} (limit ${MAX_BYTES})`);
}
