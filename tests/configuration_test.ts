import assert from "node:assert/strict";
import root from "../deno.json" with { type: "json" };
import dev from "../deno.dev.json" with { type: "json" };

// `deno.json` holds what the server needs, so a first `deno task start` fetches only that;
// `deno.dev.json` adds what tests and the benchmark need. Both must agree on what they share.

Deno.test("the development configuration resolves every server import the same way", () => {
  for (const [name, target] of Object.entries(root.imports)) {
    assert.equal((dev.imports as Record<string, string>)[name], target, `imports["${name}"]`);
  }
  assert.deepEqual(dev.compilerOptions, root.compilerOptions);
  assert.deepEqual(dev.fmt, root.fmt);
});

/** Every npm package the lock file `name` pins, as `name@version`. */
async function lockedPackages(name: string): Promise<Set<string>> {
  const lock = JSON.parse(await Deno.readTextFile(new URL(`../${name}`, import.meta.url)));
  // Keys are `name@version`, followed by `_` and the peers chosen when it has any.
  return new Set(Object.keys(lock.npm).map((key) => key.replace(/_.*$/, "")));
}

Deno.test("the development lock pins every package of the server's lock to the same version", async () => {
  const development = await lockedPackages("deno.dev.lock");
  for (const locked of await lockedPackages("deno.lock")) {
    assert.ok(development.has(locked), `deno.dev.lock lacks ${locked}`);
  }
});
