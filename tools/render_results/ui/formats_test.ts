/**
 * Dates in the host's locale and time zone.
 */

import assert from "node:assert/strict";
import { makeFormats } from "./formats.ts";

Deno.test("dates follow the host's locale and time zone; calendar days never shift", () => {
  const newYork = makeFormats("en-US", "America/New_York");
  assert.deepEqual(newYork.date("2026-03-01T02:30:00Z"), {
    text: "Feb 28, 2026",
    datetime: "2026-03-01T02:30:00.000Z",
  });
  assert.deepEqual(newYork.date("2026-01-26"), { text: "Jan 26, 2026", datetime: "2026-01-26" });
  assert.equal(makeFormats("en-US", "Asia/Tokyo").date("2026-01-26").text, "Jan 26, 2026");
  assert.equal(makeFormats("de-DE", "Europe/Berlin").date("2026-01-26").text, "26.01.2026");
  assert.equal(newYork.date("Tue, 03 Mar 2026 10:00:00 GMT").text, "Mar 3, 2026");
  for (const value of ["last spring", "2026", "2026-01", "2026-02-30", "2026-13-01", "Version 2"]) {
    assert.deepEqual(newYork.date(value), { text: value }, `${value} is shown as given`);
  }
  const fallback = makeFormats("not a locale!", "Mars/Base");
  assert.match(fallback.date("2026-01-26").text, /2026/);
});
