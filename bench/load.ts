/**
 * Drives a server with wrk (Debian package `wrk`), a separate process: one thread, keep-alive
 * connections, the same request again and again. wrk counts the answers of HTTP 400 and above
 * as errors and, given a marker, every answer without it as wrong.
 * @module
 */

/** The figures of one load run. */
export interface LoadResult {
  requests: number;
  /** Answered requests per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers without the marker, connection errors, timeouts and answers of HTTP 400 and above. */
  wrong: number;
}

/** What to send, where, for how long and how hard. */
export interface LoadOptions {
  url: URL;
  /** A file holding the request body. */
  bodyFile: string;
  /** Headers sent besides Content-Type and Accept. */
  headers: Record<string, string>;
  /**
   * A substring of every right answer, to check each one for. wrk then hands every answer to
   * Lua, which bounds the rate it can drive: for runs whose rate is not a figure.
   */
  marker?: string;
  seconds: number;
  connections: number;
}

const SCRIPT = new URL("./wrk.lua", import.meta.url).pathname;
/** How long past its duration wrk may run before it is killed. */
const OVERRUN_MS = 15_000;

/** Runs wrk once against `options.url` and returns its figures. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const child = new Deno.Command("wrk", {
    args: [
      "-t1",
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      "--timeout",
      "5s",
      "-s",
      SCRIPT,
      options.url.href,
    ],
    env: {
      BODY_FILE: options.bodyFile,
      HEADERS: Object.entries(options.headers).map(([name, value]) => `${name}: ${value}\n`)
        .join(""),
      ...(options.marker === undefined ? {} : { MARKER: options.marker }),
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), options.seconds * 1000 + OVERRUN_MS);
  const output = await child.output().finally(() => clearTimeout(timer));
  const stdout = new TextDecoder().decode(output.stdout);
  const line = stdout.split("\n").find((text) => text.startsWith("{"));
  if (!output.success || line === undefined) {
    throw new Error(`wrk failed: ${stdout}${new TextDecoder().decode(output.stderr)}`);
  }
  const figures = JSON.parse(line);
  return {
    requests: figures.requests,
    rps: figures.requests / (figures.durationUs / 1e6),
    p50Ms: figures.p50Us / 1000,
    p99Ms: figures.p99Us / 1000,
    wrong: figures.bad + figures.errors,
  };
}

/** wrk's version; throws unless wrk is installed, saying how to install it. */
export async function requireWrk(): Promise<string> {
  let output: Deno.CommandOutput | undefined;
  try {
    output = await new Deno.Command("wrk", { args: ["-v"], stdout: "piped", stderr: "null" })
      .output();
  } catch {
    // Not on the PATH.
  }
  const version = output && new TextDecoder().decode(output.stdout).match(/^wrk \S+/)?.[0];
  if (!version) throw new Error("The load bench needs wrk: apt-get install wrk.");
  return version;
}
