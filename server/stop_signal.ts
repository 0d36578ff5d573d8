/**
 * A graceful stop on SIGTERM (what container platforms send on every deploy and scale-down) and
 * SIGINT (Ctrl+C): the server finishes what it is doing, says so in one log line, and exits 0.
 * @module
 */

import { writeLogLine } from "./log.ts";
import type { Runtime, StopSignal } from "./runtime.ts";

/** What a stop finished and what it had to cut off. */
export interface StopRecord {
  /** The signal that asked for the stop. */
  signal: StopSignal;
  /** Requests in progress when the stop began. */
  inFlight: number;
  /** Of those, the ones the grace period ended before they were answered. */
  cutOff: number;
}

/**
 * Calls `stop` on the first SIGTERM or SIGINT, logs what it returns and exits 0. Signals during
 * the stop are ignored: `deno task` and npx pass a terminal's Ctrl+C on to a server that got it
 * already, and the stop's own grace period bounds how long it takes.
 */
export function onStopSignal(
  stop: (signal: StopSignal) => Promise<StopRecord>,
  runtime: Runtime = Deno,
): void {
  let stopping = false;
  const listener = (signal: StopSignal) => async () => {
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    const record = await stop(signal);
    const durationMs = Math.round(performance.now() - started);
    writeLogLine("info", `Stopped on ${signal}.`, { ...record, durationMs });
    runtime.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    try {
      runtime.addSignalListener(signal, listener(signal));
    } catch {
      // Not a signal on this platform (SIGTERM on Windows).
    }
  }
}
