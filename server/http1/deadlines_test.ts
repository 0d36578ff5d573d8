import assert from "node:assert/strict";
import { afterDelay, Deadlines } from "./deadlines.ts";

Deno.test("afterDelay calls back once", async () => {
  let calls = 0;
  await new Promise<void>((resolve) =>
    afterDelay(5, () => {
      calls++;
      resolve();
    })
  );
  await new Promise<void>((resolve) => afterDelay(20, resolve));
  assert.equal(calls, 1);
});

Deno.test("deadlines pass in order, once each, and a cancelled one never", async () => {
  const deadlines = new Deadlines(5);
  const passed: string[] = [];
  const cancel = deadlines.add(10, () => passed.push("cancelled"));
  const first = new Promise<void>((resolve) =>
    deadlines.add(10, () => {
      passed.push("first");
      resolve();
    })
  );
  const second = new Promise<void>((resolve) =>
    deadlines.add(40, () => {
      passed.push("second");
      resolve();
    })
  );
  cancel();
  await Promise.all([first, second]);
  // A check after both: nothing passes twice.
  await new Promise<void>((resolve) => deadlines.add(10, resolve));
  assert.deepEqual(passed, ["first", "second"]);
});
