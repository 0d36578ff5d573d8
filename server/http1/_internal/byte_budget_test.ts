import assert from "node:assert/strict";
import { ByteBudget } from "./byte_budget.ts";

Deno.test("a budget takes what fits, refuses what does not, and takes again once given back", () => {
  const budget = new ByteBudget(100);
  assert.equal(budget.take(60), true);
  assert.equal(budget.take(41), false);
  assert.equal(budget.take(40), true);
  assert.equal(budget.used, 100);
  assert.equal(budget.take(1), false);
  budget.give(60);
  assert.equal(budget.take(41), true);
  assert.equal(budget.used, 81);
});
