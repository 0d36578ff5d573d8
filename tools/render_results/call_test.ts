/**
 * Property test of `render_results` against an oracle written from the contract
 * (`docs/tool.md`, `input.schema.json` and the rules stated in `validate.ts`, `url.ts` and
 * `format.ts`), not from the validator, on the generated arguments of
 * `tests/support/render_arguments.ts`, whose outcome is known before the call:
 *
 * - valid: `structuredContent` is the input verbatim (ids filled only where missing, heading
 *   `Results` by default, `total`) and the text is the documented layout;
 * - invalid: an `InvalidParamsError` -32602 naming that field and its limit, with none of the
 *   submitted text in the message.
 *
 * `deno task test` runs 10,000 cases; `deno task fuzz` runs 100,000. Arguments after `--`:
 * `--runs=N` and `--seed=N` (to replay a failure fast-check reports).
 */

import fc from "fast-check";
import assert from "node:assert/strict";
import { callRenderResults } from "./call.ts";
import { InvalidParamsError } from "./invalid_params.ts";
import {
  type Args,
  cases,
  isBlank,
  jsonBytes,
  MARKER,
  MAX_BYTES,
  option,
  type Refusal,
} from "./testing.ts";

// ---- Oracle: the contract, written out ----

/** Splits at the line breaks of UAX #14 (CR LF is one): LF, VT, FF, CR, NEL, LS, PS. */
function lines(value: string): string[] {
  const out = [""];
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if ("\n\v\f\r\u0085\u2028\u2029".includes(c)) {
      if (c === "\r" && value[i + 1] === "\n") i++;
      out.push("");
    } else {
      out[out.length - 1] += c;
    }
  }
  return out;
}

/** The structured result the contract promises for valid `args`. */
function expectedOutput(args: Args) {
  return {
    title: Object.hasOwn(args, "title") ? args.title : "Results",
    total: args.results.length,
    results: args.results.map((item) => {
      const result: Record<string, unknown> = {
        id: Object.hasOwn(item, "id") ? item.id : item.url,
        title: item.title,
        url: item.url,
      };
      if (Object.hasOwn(item, "text")) result.text = item.text;
      if (Object.hasOwn(item, "metadata")) result.metadata = item.metadata;
      return result;
    }),
  };
}

/** The text list the contract promises for valid `args`. */
function expectedText(args: Args): string {
  const out = [lines(args.title ?? "Results").join(" ")];
  if (args.results.length === 0) out.push("", "No results to display.");
  args.results.forEach((item, index) => {
    const number = `${index + 1}. `;
    const indent = " ".repeat(number.length);
    out.push("", number + lines(item.title).join(" "), indent + item.url);
    if (item.text !== undefined && !isBlank(item.text)) {
      out.push(...lines(item.text).map((line) => indent + line));
    }
  });
  return out.join("\n");
}

/** Calls the tool with `args` and checks the outcome against `refusal` (none: valid). */
function checkCase(args: unknown, refusal: Refusal | undefined): void {
  if (refusal === undefined) {
    const valid = args as Args;
    assert.ok(jsonBytes(valid) <= MAX_BYTES, "generator: valid arguments over the size limit");
    const snapshot = structuredClone(valid);
    const result = callRenderResults(valid);
    assert.equal(result.isError, false);
    assert.deepStrictEqual(result.structuredContent, expectedOutput(snapshot));
    assert.deepStrictEqual(valid, snapshot, "the arguments were changed");
    const structured = result.structuredContent as { results: { metadata?: unknown }[] };
    snapshot.results.forEach((item, index) => {
      const order = JSON.stringify(structured.results[index].metadata);
      assert.equal(order, JSON.stringify(item.metadata), "metadata keys out of order");
    });
    assert.deepStrictEqual(result.content, [{ type: "text", text: expectedText(snapshot) }]);
    return;
  }
  let error: unknown;
  try {
    callRenderResults(args);
  } catch (thrown) {
    error = thrown;
  }
  assert.ok(
    error instanceof InvalidParamsError && error.code === -32602,
    `expected a refusal, got ${error}`,
  );
  assert.equal(error.code, -32602);
  const { message } = error;
  assert.ok(message.startsWith(`Invalid ${refusal.path}: `), `${message} (${refusal.path})`);
  assert.ok(message.includes(refusal.rule), `${message} (${refusal.rule})`);
  assert.ok(!message.includes(MARKER), `the message echoes the value: ${message}`);
  assert.match(message, /^Invalid [\w.[\]]+: [^]{1,150}\.$/);
}

// ---- The run ----

Deno.test("render_results keeps its contract for generated arguments, valid and invalid", () => {
  fc.assert(
    fc.property(cases, ({ args, refusal }) => {
      if (refusal !== undefined && refusal.path !== "arguments") {
        try {
          assert.ok(jsonBytes(args) <= MAX_BYTES, "generator: a mutation went over the size");
        } catch (error) {
          if (!(error instanceof TypeError)) throw error; // a bigint cannot be measured
        }
      }
      checkCase(args, refusal);
    }),
    { numRuns: option("runs") ?? 10_000, seed: option("seed") },
  );
});
