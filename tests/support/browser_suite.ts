/**
 * The frame of a test file's browser cases, one `Deno.test` a case so each can run alone
 * (`--filter`). A file's cases share what its suite starts (Chromium and the servers it talks to),
 * started by the first case that runs and stopped after the file's last, failed or not. Where
 * Chromium is absent the cases are skipped with a message, except under `CI=true`, where they are
 * required.
 *
 * @module
 */
import { CHROMIUM, hasChromium } from "./browser_host.ts";

const present = await hasChromium();
const required = Deno.env.get("CI") === "true";

/** The test `name`, for `Deno.test`: `fn` run on the file's shared `T`. */
export type BrowserCase<T> = (
  name: string,
  fn: (shared: T) => Promise<void>,
) => Deno.TestDefinition;

/**
 * The cases of one test file about `what`, sharing the `T` that `start` makes and `stop` ends.
 * Call it once a file, at the top level.
 */
export function browserSuite<T>(
  what: string,
  start: () => Promise<T>,
  stop: (shared: T) => Promise<void>,
): BrowserCase<T> {
  if (!present && !required) console.warn(`Skipping ${what}: ${CHROMIUM} is absent.`);
  let shared: Promise<T> | undefined;
  Deno.test.afterAll(async () => {
    const started = await shared?.catch(() => undefined);
    if (started) await stop(started);
  });
  return (name, fn) => ({
    name,
    ignore: !present && !required,
    // What the suite starts outlives each test by design: it is the file's, not the test's.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      if (!present) {
        throw new Error(`CI=true requires the browser tests, but ${CHROMIUM} is absent`);
      }
      await fn(await (shared ??= start()));
    },
  });
}
