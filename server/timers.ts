/**
 * Timers on the web platform's own clock. In Deno 2.9 the global `setTimeout` and `setInterval`
 * are Node's: the first use of either loads Node's timers and the compatibility layer behind
 * them, about 11 ms of every start. `AbortSignal.timeout` runs on the runtime's web timers, which
 * are loaded already, and does not keep the process alive by itself.
 * @module
 */

/** Calls `callback` once, `ms` milliseconds from now. */
export function afterDelay(ms: number, callback: () => void): void {
  AbortSignal.timeout(ms).addEventListener("abort", callback, { once: true });
}

interface Deadline {
  at: number;
  onPassed: () => void;
}

/**
 * Deadlines checked together every `resolutionMs` while any is pending: one timer for all of
 * them, and none at all when there are none. A deadline passes at most `resolutionMs` late.
 */
export class Deadlines {
  readonly #resolutionMs: number;
  readonly #pending = new Set<Deadline>();
  #armed = false;

  /** `resolutionMs` is how often pending deadlines are checked. */
  constructor(resolutionMs: number) {
    this.#resolutionMs = resolutionMs;
  }

  /** Calls `onPassed` once `ms` have passed, unless the returned function is called first. */
  add(ms: number, onPassed: () => void): () => void {
    const deadline = { at: performance.now() + ms, onPassed };
    this.#pending.add(deadline);
    this.#arm();
    return () => this.#pending.delete(deadline);
  }

  #arm(): void {
    if (this.#armed) return;
    this.#armed = true;
    afterDelay(this.#resolutionMs, () => this.#check());
  }

  #check(): void {
    this.#armed = false;
    const now = performance.now();
    for (const deadline of this.#pending) {
      if (deadline.at > now) continue;
      this.#pending.delete(deadline);
      deadline.onPassed();
    }
    if (this.#pending.size > 0) this.#arm();
  }
}
