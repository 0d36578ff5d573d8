import assert from "node:assert/strict";
import { byteSource } from "../_test_utils.ts";
import { ByteBudget } from "./byte_budget.ts";
import { InputBuffer } from "./input_buffer.ts";
import { collectBody } from "./request_body.ts";
import { HttpError } from "./syntax.ts";

const LIMITS = { maxBodyBytes: 1 << 20, maxTrailerBytes: 1000, bodyBlockBytes: 64 * 1024 };
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

Deno.test("a body by length is read whole, in blocks, however it arrives", async () => {
  const big = "x".repeat(200_000);
  const pieces = big.match(/.{1,7000}/g)!;
  const budget = new ByteBudget(1 << 20);
  const input = new InputBuffer(byteSource(pieces), budget);
  const body = await collectBody(input, { length: big.length }, LIMITS);
  assert.equal(body?.length, big.length);
  assert.equal(text(body), big);
  // The blocks it was kept in are charged until the request is done.
  assert.ok(budget.used >= big.length);
  input.done();
  assert.equal(budget.used, 0);
});

Deno.test("an empty body is none, and a chunked one is read by its chunks", async () => {
  const empty = new InputBuffer(byteSource([]), new ByteBudget(0));
  assert.equal(await collectBody(empty, { length: 0 }, LIMITS), undefined);
  const chunked = new InputBuffer(
    byteSource(["2\r\nab\r\n1\r\nc\r\n0\r\n\r\n"]),
    new ByteBudget(1000),
  );
  assert.equal(text(await collectBody(chunked, { chunked: true }, LIMITS)), "abc");
});

Deno.test("a body the budget has no room for gets 503, and what it took is given back", async () => {
  const budget = new ByteBudget(100_000);
  const input = new InputBuffer(byteSource(["x".repeat(150_000)]), budget);
  await assert.rejects(
    collectBody(input, { length: 150_000 }, LIMITS),
    (error: unknown) => error instanceof HttpError && error.status === 503,
  );
  input.dispose();
  assert.equal(budget.used, 0);
});
