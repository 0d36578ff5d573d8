/**
 * How `deno task start` runs the server, read from `deno.json`, so the benchmark measures the
 * server exactly as it is started (permissions and any V8 flags included).
 * @module
 */

import denoJson from "../deno.json" with { type: "json" };

/** The `deno run` flags of the `start` task and its entry point and arguments. */
export interface StartTask {
  /** Flags before the entry point, e.g. `--allow-net`. */
  flags: string[];
  /** The entry point, relative to the repository root. */
  entry: string;
  /** Arguments after the entry point, e.g. `--http`. */
  args: string[];
}

/** Parses the `deno run …` part of the `start` task. */
export function readStartTask(): StartTask {
  const task: string = denoJson.tasks.start;
  const command = task.split("&&").map((part) => part.trim()).find((part) =>
    part.startsWith("deno run ")
  );
  if (command === undefined) throw new Error(`The start task runs no "deno run": ${task}`);
  const words = command.split(/\s+/).slice(2);
  const entry = words.findIndex((word) => !word.startsWith("-"));
  if (entry === -1) throw new Error(`The start task names no entry point: ${task}`);
  return { flags: words.slice(0, entry), entry: words[entry], args: words.slice(entry + 1) };
}
