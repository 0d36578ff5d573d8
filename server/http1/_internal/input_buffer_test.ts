import assert from "node:assert/strict";
import { byteSource } from "../_test_utils.ts";
import { ByteBudget } from "./byte_budget.ts";
import { ConnectionGone, InputBuffer } from "./input_buffer.ts";
import { HttpError } from "./syntax.ts";

const tooLong = () => new HttpError(431, "Too long.");

Deno.test("lines are read across pieces, and the rest stays buffered", async () => {
  const input = new InputBuffer(byteSource(["ab", "c\r", "\nde\r\nf"]), new ByteBudget(0));
  assert.equal(await input.readLine(10, tooLong), "abc");
  assert.equal(await input.readLine(10, tooLong), "de");
  assert.equal(input.buffered, 1);
  await assert.rejects(input.readLine(10, tooLong), ConnectionGone);
});

Deno.test("a line longer than its limit is refused before it ends", async () => {
  const input = new InputBuffer(byteSource(["a".repeat(50)]), new ByteBudget(1 << 20));
  await assert.rejects(
    input.readLine(20, tooLong),
    (error: unknown) => error instanceof HttpError && error.status === 431,
  );
});

Deno.test("a line longer than the first buffer grows it, from the budget, and gives it back", async () => {
  const budget = new ByteBudget(1 << 20);
  const input = new InputBuffer(byteSource(["a".repeat(10_000), "\r\n"]), budget);
  assert.equal((await input.readLine(16_384, tooLong)).length, 10_000);
  assert.ok(budget.used > 0);
  input.done();
  assert.equal(budget.used, 0);
});

Deno.test("body bytes are taken from what is buffered first, then from the source", async () => {
  const input = new InputBuffer(byteSource(["x\r\nab", "cdef"]), new ByteBudget(0));
  await input.readLine(10, tooLong);
  const target = new Uint8Array(10);
  assert.equal(await input.readInto(target), 2);
  assert.equal(await input.readInto(target.subarray(2)), 4);
  assert.equal(new TextDecoder().decode(target.subarray(0, 6)), "abcdef");
  await assert.rejects(input.readInto(target), ConnectionGone);
});

Deno.test("reservations past the budget get 503 with Retry-After; done gives them back", () => {
  const budget = new ByteBudget(100);
  const input = new InputBuffer(byteSource([]), budget);
  input.reserve(60);
  assert.throws(
    () => input.reserve(50),
    (error: unknown) =>
      error instanceof HttpError && error.status === 503 &&
      /retry-after: 1/.test(error.extraHeaders),
  );
  assert.equal(budget.used, 60);
  input.done();
  assert.equal(budget.used, 0);
  input.reserve(100);
  assert.throws(
    () => input.checkRoom(),
    (error: unknown) => error instanceof HttpError && error.status === 503,
  );
  input.dispose();
  assert.equal(budget.used, 0);
});

/** A source that counts its reads and how much each asked for. */
function countedSource(pieces: string[]) {
  const source = byteSource(pieces);
  const asked: number[] = [];
  return {
    asked,
    read(into: Uint8Array) {
      asked.push(into.length);
      return source.read(into);
    },
  };
}

Deno.test("after a large request the next is read whole in one read, into a buffer from the budget", async () => {
  const budget = new ByteBudget(1 << 20);
  const next = `POST / HTTP/1.1\r\n\r\n${"a".repeat(40_000)}`;
  const source = countedSource(["x\r\n", next]);
  const input = new InputBuffer(source, budget);
  await input.readLine(10, tooLong);
  input.done(40_019);
  assert.equal(budget.used, 64 * 1024 - 4096, "the fitted buffer is counted in the budget");
  assert.ok(await input.wait());
  assert.equal(input.buffered, next.length, "the next request came in one read");
  assert.deepEqual(source.asked, [4096, 64 * 1024]);
  input.dispose();
  assert.equal(budget.used, 0);
});

Deno.test("a small request, or a budget half taken, brings the buffer back to its first size", async () => {
  const budget = new ByteBudget(200_000);
  const source = countedSource(["x\r\n", "y\r\n", "z\r\n"]);
  const input = new InputBuffer(source, budget);
  await input.readLine(10, tooLong);
  input.done(20_000);
  assert.equal(budget.used, 32 * 1024 - 4096);
  await input.readLine(10, tooLong);
  input.done(100);
  assert.equal(budget.used, 0, "back to 4 KiB, which the budget does not count");
  await input.readLine(10, tooLong);
  assert.deepEqual(source.asked, [4096, 32 * 1024, 4096]);
  assert.ok(budget.take(90_000));
  input.done(20_000);
  assert.equal(budget.used, 90_000, "with the budget half taken by others, no larger buffer");
});

Deno.test("the first and the largest kept buffer are the sizes given", async () => {
  const budget = new ByteBudget(1 << 20);
  const source = countedSource(["x\r\n", "y\r\n", "z\r\n"]);
  const memory = { initialBufferBytes: 1024, keptBufferBytes: 8 * 1024 };
  const input = new InputBuffer(source, budget, memory);
  await input.readLine(10, tooLong);
  input.done(40_000);
  assert.equal(budget.used, 8 * 1024 - 1024, "fitted to the request, up to the largest kept");
  await input.readLine(10, tooLong);
  input.done(100);
  await input.readLine(10, tooLong);
  assert.deepEqual(source.asked, [1024, 8 * 1024, 1024]);
});
