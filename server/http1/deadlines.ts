/**
 * Deadlines on one timer: the listener's connections keep theirs here, and a handler may keep its
 * own the same way (a request deadline, say) instead of a timer per request.
 *
 * The timers run on the web platform's own clock. Deno's global `setTimeout` and `setInterval`
 * are Node's: the first use of either loads Node's timers and the compatibility layer behind
 * them, which every start would pay for. `AbortSignal.timeout` runs on the runtime's web timers,
 * which are loaded already, and does not keep the process alive by itself.
 * @module
 */

/** How late a deadline may pass, by default: how often pending deadlines are checked. */
const DEADLINE_RESOLUTION_MS = 50;

/** Calls `callback` once, `ms` milliseconds from now. */
export function afterDelay(ms: number, callback: () => void): void {
  AbortSignal.timeout(ms).addEventListener("abort", callback, { once: true });
}

/**
 * A deadline that can be set again and again: a connection keeps one for all its phases, so
 * setting it allocates nothing, where a closure and an object per phase added to every
 * request's garbage.
 */
export class Deadline {
  /** When it passes, on `performance.now()`'s clock; pending only while in a {@link Deadlines}. */
  at = Infinity;
  /** What is called when it passes. */
  onPassed: () => void = () => {};
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
  constructor(resolutionMs: number = DEADLINE_RESOLUTION_MS) {
    this.#resolutionMs = resolutionMs;
  }

  /** Calls `onPassed` once `ms` have passed, unless the returned function is called first. */
  add(ms: number, onPassed: () => void): () => void {
    const deadline = new Deadline();
    this.set(deadline, ms, onPassed);
    return () => this.clear(deadline);
  }

  /** Makes `deadline` pass `ms` from now with `onPassed`, replacing what it was set to. */
  set(deadline: Deadline, ms: number, onPassed: () => void): void {
    deadline.at = performance.now() + ms;
    deadline.onPassed = onPassed;
    this.#pending.add(deadline);
    this.#arm();
  }

  /** Makes `deadline` pass never, unless it is set again. */
  clear(deadline: Deadline): void {
    this.#pending.delete(deadline);
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
