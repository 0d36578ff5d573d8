import assert from "node:assert/strict";
import { byteSource } from "../_test_utils.ts";
import { ByteBudget } from "./byte_budget.ts";
import { chunkSize, MAX_CHUNK_LINE_BYTES, readChunkedBody } from "./chunked_body.ts";
import { InputBuffer } from "./input_buffer.ts";
import { BodyBlocks } from "./body_blocks.ts";
import { HttpError } from "./syntax.ts";

const status = (status: number) => (error: unknown) =>
  error instanceof HttpError && error.status === status;

Deno.test("a chunk size is hex, with extensions by the grammar and no whitespace", () => {
  assert.equal(chunkSize("1a", 100), 26);
  assert.equal(chunkSize("0000A", 100), 10);
  assert.equal(chunkSize('5;a;b=c;d="e \\"f\\" g"', 100), 5);
  for (
    const line of [
      "",
      " 5",
      "5 ",
      "5 ;a",
      "5; a",
      "5;a =b",
      "5;a= b",
      "g",
      "5;",
      "5;=b",
      '5;a="b',
      "5;a=b c",
      "-5",
      "0x5",
    ]
  ) {
    assert.throws(() => chunkSize(line, 100), status(400), JSON.stringify(line));
  }
  assert.throws(() => chunkSize("65", 100), status(413));
  assert.throws(() => chunkSize("f".repeat(40), 100), status(413));
});

async function read(pieces: string[], maxTrailerBytes = 100): Promise<string> {
  const input = new InputBuffer(byteSource(pieces), new ByteBudget(1 << 20));
  const body = new BodyBlocks(input, 64 * 1024);
  await readChunkedBody(input, { maxBodyBytes: 1000, maxTrailerBytes }, body);
  return new TextDecoder().decode(body.take() ?? new Uint8Array());
}

Deno.test("chunks, extensions and trailers are read however the bytes are split", async () => {
  const stream = "3;x=y\r\nabc\r\n2\r\nde\r\n0\r\nT: v\r\n\r\n";
  assert.equal(await read([stream]), "abcde");
  assert.equal(await read([...stream]), "abcde");
});

Deno.test("a chunk not ended by CRLF, a trailer that is no field, or too many trailers are refused", async () => {
  await assert.rejects(read(["3\r\nabcd\r\n0\r\n\r\n"]), status(400));
  await assert.rejects(read(["3\r\nabc\n0\r\n\r\n"]), status(400));
  await assert.rejects(read(["0\r\nnot a field\r\n\r\n"]), status(400));
  await assert.rejects(read([`0\r\nT: ${"v".repeat(100)}\r\n\r\n`]), status(431));
  await assert.rejects(read([`1;${"e".repeat(MAX_CHUNK_LINE_BYTES)}\r\n`]), status(413));
});
