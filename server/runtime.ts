/**
 * The little the server needs of its process beyond web standards, which differs between
 * runtimes: its environment, its signals and its exit. `Deno` has all three as they are, and is
 * the default wherever a runtime is taken; the npm package's command adapts Node's `process`.
 * @module
 */

import { writeLogLine } from "./log.ts";

/** The signals that ask for a graceful stop. */
export type StopSignal = "SIGTERM" | "SIGINT";

/** The environment variables, read one by one. */
export interface Environment {
  get(name: string): string | undefined;
}

/** What the server needs of its runtime. */
export interface Runtime {
  /** The process's environment variables. */
  env: Environment;
  /** Calls `listener` each time the process receives `signal`. */
  addSignalListener(signal: StopSignal, listener: () => void): void;
  /** Ends the process with `code`. */
  exit(code: number): never;
}

/**
 * Runs `start`; an error it throws ends the process with its message as one log line and exit
 * code 1, since at start-up the message says what to change and a stack would only bury it.
 */
export function orExit<T>(start: () => T, runtime: Runtime = Deno): T {
  try {
    return start();
  } catch (error) {
    writeLogLine("error", error instanceof Error ? error.message : String(error));
    runtime.exit(1);
  }
}

/**
 * Reads the configuration from the environment with `read`; a bad setting ends the process with
 * its message.
 */
export function configure<T>(read: (env: Environment) => T, runtime: Runtime = Deno): T {
  return orExit(() => read(runtime.env), runtime);
}
