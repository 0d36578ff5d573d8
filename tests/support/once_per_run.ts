/**
 * What several test files of one run need and is slow to make (the npm package, the browser
 * tests' host page), made once per run of the tests and shared through `dist/`.
 * @module
 */

/** Where the shared results, and the marks of which run made them, are kept. */
const DIST = new URL("../../dist/", import.meta.url);

/** What this test file has already asked for, by name. */
const asked = new Map<string, Promise<string>>();

/**
 * The text `make` returns, made once per run of the tests under `name`: the test files of one run
 * share this process, so the first to ask makes it while the others wait on a file lock, then read
 * what it made. A later run makes it afresh.
 */
export function oncePerRun(name: string, make: () => Promise<string>): Promise<string> {
  let made = asked.get(name);
  if (made === undefined) {
    made = (async () => {
      await Deno.mkdir(DIST, { recursive: true });
      using lock = await Deno.open(new URL(`.${name}.lock`, DIST), { create: true, write: true });
      await lock.lock(true);
      const prefix = `.${name}-of-run-`;
      const mark = new URL(`${prefix}${Deno.pid}`, DIST);
      const kept = await Deno.readTextFile(mark).catch(() => undefined);
      if (kept !== undefined) return kept;
      const fresh = await make();
      for await (const entry of Deno.readDir(DIST)) {
        if (entry.name.startsWith(prefix)) await Deno.remove(new URL(entry.name, DIST));
      }
      await Deno.writeTextFile(mark, fresh);
      return fresh;
    })();
    asked.set(name, made);
  }
  return made;
}
