/**
 * Sorting the results newest first.
 */

import assert from "node:assert/strict";
import { resultItem } from "./testing.ts";
import { datedCount, newestFirst } from "./sort.ts";

const dated = (number: number, published?: unknown) =>
  resultItem(number, {
    title: `Result ${number}`,
    url: `https://example.com/${number}`,
    metadata: { published },
  });

Deno.test("newestFirst puts the latest first and the undated last, numbers kept", () => {
  const items = [
    dated(1, "2025-11-03"),
    dated(2),
    dated(3, "2026-03-01T02:30:00Z"),
    dated(4, "last spring"),
    dated(5, "2026-03-01"),
    dated(6, "2025-11-03"),
    dated(7, "2026-02-30"),
  ];
  assert.deepEqual(newestFirst(items).map((item) => item.number), [3, 5, 1, 6, 2, 4, 7]);
  assert.deepEqual(items.map((item) => item.number), [1, 2, 3, 4, 5, 6, 7], "given order kept");
  assert.equal(datedCount(items), 4, "only dates the view understands count");
  assert.equal(datedCount([dated(1, "2026"), dated(2, 2026)]), 0);
});
