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

// ---- The text's size and the size rule ----

/** What a client sees of a call: the result, or the error's class, code and message. */
function outcome(call: () => unknown): unknown {
  try {
    return { result: call() };
  } catch (error) {
    return error instanceof InvalidParamsError
      ? { code: error.code, message: error.message }
      : { thrown: String(error) };
  }
}

/** Deterministic choices (mulberry32) from a generated seed. */
function chooser(seed: number): (odds: number) => boolean {
  let state = seed >>> 0;
  return (odds) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 < odds;
  };
}

/**
 * `value` as JSON text a client might send: whitespace between tokens, characters written as
 * `\u` escapes, `\/`, numbers in exponent form and a key given twice. Parsing it gives `value`
 * back.
 */
function spell(value: unknown, chance: (odds: number) => boolean): string {
  const space = () => (chance(0.1) ? " \n\t\r".slice(0, 1 + (chance(0.5) ? 2 : 0)) : "");
  const text = (string: string) => {
    if (chance(0.7)) return JSON.stringify(string);
    let out = "";
    for (const char of string) {
      if (char === "/" && chance(0.3)) out += "\\/";
      else if (chance(0.05)) {
        for (let i = 0; i < char.length; i++) {
          out += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
        }
      } else out += JSON.stringify(char).slice(1, -1);
    }
    return `"${out}"`;
  };
  const write = (value: unknown): string => {
    if (typeof value === "string") return text(value);
    if (typeof value === "number") {
      if (!chance(0.5)) return JSON.stringify(value);
      const exponent = value.toExponential();
      return chance(0.5) ? exponent.replace("e+", "e") : exponent.toUpperCase();
    }
    if (Array.isArray(value)) return `[${space()}${value.map(write).join(`,${space()}`)}]`;
    if (typeof value === "object" && value !== null) {
      const members = Object.entries(value).map(([key, member]) => {
        const twice = chance(0.05) ? `${text(key)}:${write(MARKER.repeat(20))},` : "";
        return `${twice}${space()}${text(key)}${space()}:${space()}${write(member)}`;
      });
      return `{${members.join(",")}${space()}}`;
    }
    return JSON.stringify(value);
  };
  return write(value);
}

/** Whether `value` is made of JSON values only, as a body's text can carry it. */
function isJson(value: unknown): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object": {
      if (value === null) return true;
      if (Array.isArray(value)) {
        return Array.from(value, (_, i) => i in value).every(Boolean) &&
          value.every(isJson);
      }
      const prototype = Object.getPrototypeOf(value);
      return (prototype === Object.prototype || prototype === null) &&
        Object.values(value).every(isJson);
    }
    default:
      return false;
  }
}

/** Calls the tool with the arguments `text` carries, without and with the text's size. */
function assertSourceChangesNothing(text: string): void {
  const args = JSON.parse(text);
  const source = { byteLength: new TextEncoder().encode(text).byteLength };
  const measured = JSON.stringify(outcome(() => callRenderResults(args)));
  const bounded = JSON.stringify(outcome(() => callRenderResults(args, source)));
  // Compared as text, and not shown whole: a result near the limit is 64 KiB.
  assert.ok(
    bounded === measured,
    `the text's size changed the outcome from ${measured.slice(0, 200)} to ${
      bounded.slice(0, 200)
    } for ${text.slice(0, 200)}`,
  );
}

Deno.test("the text's size gives the outcome measuring gives, near the size limit too", () => {
  fc.assert(
    fc.property(cases, fc.integer(), ({ args }, seed) => {
      if (!isJson(args)) return;
      assertSourceChangesNothing(spell(args, chooser(seed)));
    }),
    { numRuns: option("runs") ?? 10_000, seed: option("seed") },
  );
});

Deno.test("numbers in exponent form, shorter in the text than in JSON, are measured", () => {
  const item = { title: "t", url: "https://example.com/" };
  const bytes = (metadata: unknown) => jsonBytes({ results: [{ ...item, metadata }] });
  // Numbers whose exponent form is shorter than JSON.stringify writes them, then padding to
  // one byte over the limit.
  const numbers = Array.from({ length: 40 }, (_, i) => 1e20 + i * 1e6);
  const padding = "a".repeat(MAX_BYTES + 1 - bytes({ numbers, pad: "" }));
  const over = { results: [{ ...item, metadata: { numbers, pad: padding } }] };
  assert.equal(jsonBytes(over), MAX_BYTES + 1);
  const exponents = JSON.stringify(over).replace(/1000000\d+/g, (n) => Number(n).toExponential());
  assert.ok(new TextEncoder().encode(exponents).length <= MAX_BYTES);
  assertSourceChangesNothing(exponents);
});
