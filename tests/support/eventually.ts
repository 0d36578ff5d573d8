/**
 * Waits for something another process or the event loop does, such as a log line arriving
 * through a pipe or a server seeing a closed connection, by checking a condition until it holds.
 * @module
 */

/** How often the condition is checked, in milliseconds. */
const INTERVAL_MS = 20;

/**
 * Resolves once `condition` holds; rejects naming `what` after `timeoutMs`. The deadline is a
 * bound on a wait for a behaviour, not a measure of it: keep it generous.
 */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!await condition()) {
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    }
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
}
