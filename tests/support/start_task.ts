/**
 * How `deno task start` runs the server, read from `deno.json`, so the tests and the benchmark
 * run the server exactly as it is started (environment, permissions and any V8 flags included).
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };

/** The `deno run` command of the `start` task, taken apart. */
export interface StartTask {
  /** Environment assignments before `deno run`, e.g. `MALLOC_ARENA_MAX=2`. */
  env: Record<string, string>;
  /** Flags before the entry point, e.g. `--allow-net`. */
  flags: string[];
  /** The entry point, relative to the repository root. */
  entry: string;
  /** Arguments after the entry point, e.g. `--http`. */
  args: string[];
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;

/** Parses the `deno run …` step of the `start` task. */
export function readStartTask(): StartTask {
  const task: string = denoJson.tasks.start;
  for (const step of task.split("&&")) {
    const words = step.trim().split(/\s+/);
    const env: Record<string, string> = {};
    while (ASSIGNMENT.test(words[0] ?? "")) {
      const [, name, value] = words.shift()!.match(ASSIGNMENT)!;
      env[name] = value;
    }
    if (words[0] !== "deno" || words[1] !== "run") continue;
    const rest = words.slice(2);
    const entry = rest.findIndex((word) => !word.startsWith("-"));
    if (entry === -1) break;
    return { env, flags: rest.slice(0, entry), entry: rest[entry], args: rest.slice(entry + 1) };
  }
  throw new Error(`The start task has no "deno run <entry>" step: ${task}`);
}
