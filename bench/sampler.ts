/**
 * Checks a sample of a server's answers in full while a load run drives it: one request at a
 * time on a connection of its own, a short pause between them. The load generator then needs no
 * check of its own per answer, which would bound the rate it can drive.
 * @module
 */

/** What a sample found. */
export interface Sample {
  /** Answers checked. */
  checked: number;
  /** Answers that failed the check. */
  wrong: number;
  /** Why the first wrong answer failed. */
  firstWrong?: string;
}

/** The pause between two sampled requests, in ms: a few a second, next to thousands. */
export const SAMPLE_PAUSE_MS = 200;

/**
 * Calls `check` (one request, its answer checked in full; it throws when the answer is wrong)
 * again and again, `SAMPLE_PAUSE_MS` apart, until `signal` aborts; returns what it found.
 */
export async function sampleAnswers(
  check: () => Promise<unknown>,
  signal: AbortSignal,
): Promise<Sample> {
  const sample: Sample = { checked: 0, wrong: 0 };
  while (!signal.aborted) {
    try {
      await check();
    } catch (error) {
      sample.wrong++;
      sample.firstWrong ??= error instanceof Error ? error.message : String(error);
    }
    sample.checked++;
    await pause(SAMPLE_PAUSE_MS, signal);
  }
  return sample;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const end = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", end);
      resolve();
    };
    const timer = setTimeout(end, ms);
    signal.addEventListener("abort", end);
  });
}
