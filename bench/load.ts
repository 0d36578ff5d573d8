/**
 * Drives a server from a separate process: wrk (Debian package) when installed, else
 * `load_generator.ts`. Either counts the answers that are not HTTP 200 (wrk: from 400 on) and,
 * given a marker, every answer without it.
 * @module
 */

/** The figures of one load run. */
export interface LoadResult {
  requests: number;
  /** Completed requests per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that lacked the marker (or, under `load_generator.ts`, were not HTTP 200). */
  bad: number;
  /** Connection errors, timeouts and, under wrk, answers of HTTP 400 and above. */
  errors: number;
}

/** The request a load run repeats. */
export interface LoadRequest {
  /** A file holding the request body. */
  bodyFile: string;
  /** Headers sent besides Content-Type and Accept. */
  headers: Record<string, string>;
}

/** What to send, where, and for how long. */
export interface LoadOptions extends LoadRequest {
  url: URL;
  /**
   * A substring every right answer contains, to check every answer for. Under wrk that check
   * bounds the rate it can drive, so it is for runs whose rate is not a figure.
   */
  marker?: string;
  seconds: number;
  connections: number;
}

const WRK_SCRIPT = new URL("./wrk.lua", import.meta.url).pathname;
const GENERATOR = new URL("./load_generator.ts", import.meta.url).pathname;
/** How long past its duration a load process may run before it is killed. */
const OVERRUN_MS = 15_000;

let wrkInstalled: Promise<boolean> | undefined;

/** Whether wrk is on the PATH. */
export function hasWrk(): Promise<boolean> {
  return wrkInstalled ??= new Deno.Command("wrk", { args: ["-v"], stdout: "null", stderr: "null" })
    .output().then(() => true, () => false);
}

/** The load generator in use, for the report. */
export async function loadGeneratorName(): Promise<string> {
  return await hasWrk() ? "wrk (1 thread)" : "bench/load_generator.ts (Deno fetch)";
}

/** Runs one load run against `options.url` and returns its figures. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const command = await hasWrk()
    ? new Deno.Command("wrk", {
      args: [
        "-t1",
        `-c${options.connections}`,
        `-d${options.seconds}s`,
        "--timeout",
        "5s",
        "-s",
        WRK_SCRIPT,
        options.url.href,
      ],
      env: {
        BODY_FILE: options.bodyFile,
        ...(options.marker === undefined ? {} : { MARKER: options.marker }),
        HEADERS: Object.entries(options.headers).map(([name, value]) => `${name}: ${value}\n`)
          .join(""),
      },
      stdout: "piped",
      stderr: "piped",
    })
    : new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-net=127.0.0.1",
        "--allow-read",
        GENERATOR,
        options.url.href,
        options.bodyFile,
        options.marker ?? "",
        String(options.seconds),
        String(options.connections),
        JSON.stringify(options.headers),
      ],
      stdout: "piped",
      stderr: "piped",
    });
  const child = command.spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), options.seconds * 1000 + OVERRUN_MS);
  const output = await child.output().finally(() => clearTimeout(timer));
  const stdout = new TextDecoder().decode(output.stdout);
  const line = stdout.split("\n").find((text) => text.startsWith("{"));
  if (!output.success || line === undefined) {
    throw new Error(
      `The load generator failed: ${stdout}${new TextDecoder().decode(output.stderr)}`,
    );
  }
  const figures = JSON.parse(line);
  return {
    requests: figures.requests,
    rps: figures.requests / (figures.durationUs / 1e6),
    p50Ms: figures.p50Us / 1000,
    p99Ms: figures.p99Us / 1000,
    bad: figures.bad,
    errors: figures.errors,
  };
}
