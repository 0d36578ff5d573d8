/**
 * Waits for something another process does, such as a log line arriving through a pipe.
 * @module
 */

/** Resolves once `condition` holds; rejects naming `what` after `timeoutMs`. */
export async function eventually(
  condition: () => boolean,
  what: string,
  timeoutMs = 5_000,
): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
