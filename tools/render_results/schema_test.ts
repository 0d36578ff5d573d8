/**
 * The schema files and the call agree: every field, bound and required set that
 * `input.schema.json` states is enforced exactly at its boundary, nothing else is accepted, and
 * every successful result matches `output.schema.json`. That the server publishes these files
 * verbatim is tested over MCP in `tests/render_results_test.ts`.
 */

import assert from "node:assert/strict";
import { InvalidParamsError } from "./invalid_params.ts";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import { Ajv } from "ajv";
import { callRenderResults } from "./call.ts";
import exampleInput from "./example-input.json" with { type: "json" };
import inputSchemaJson from "./input.schema.json" with { type: "json" };
import outputSchema from "./output.schema.json" with { type: "json" };

interface StringSchema {
  type: "string";
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}
interface ObjectSchema {
  type: "object";
  properties: Record<string, StringSchema | ObjectSchema | ArraySchema>;
  required?: string[];
  additionalProperties?: boolean;
}
interface ArraySchema {
  type: "array";
  minItems?: number;
  maxItems?: number;
  items: ObjectSchema;
}

const inputSchema = inputSchemaJson as unknown as ObjectSchema;
const resultsSchema = inputSchema.properties.results as ArraySchema;
const itemSchema = resultsSchema.items;

/** A valid value for `name` of `length` code points: astral characters, or a padded URL. */
function stringOf(schema: StringSchema, length: number): string {
  if (schema.pattern !== undefined) {
    const prefix = "https://example.com/";
    return prefix + "a".repeat(length - prefix.length);
  }
  return "😀".repeat(length);
}

/** A valid value for a property of any schema type. */
function validValue(schema: StringSchema | ObjectSchema | ArraySchema): unknown {
  if (schema.type === "string") return stringOf(schema, Math.max(schema.minLength ?? 0, 20));
  if (schema.type === "object") return { key: "value" };
  return [];
}

const validItem = () =>
  Object.fromEntries(
    (itemSchema.required ?? []).map((name) => [name, validValue(itemSchema.properties[name])]),
  );

/** Calls render_results; returns the result, or the -32602 error's message. */
function call(args: Record<string, unknown>) {
  try {
    return { result: callRenderResults(args) };
  } catch (error) {
    if (error instanceof InvalidParamsError && error.code === -32602) {
      return { refused: error.message };
    }
    throw error;
  }
}

/** Every place a property of the arguments sits: its schema, path and how to set it. */
function fields() {
  const top = Object.entries(inputSchema.properties)
    .filter(([name]) => name !== "results")
    .map(([name, schema]) => ({
      name,
      schema,
      path: name,
      required: inputSchema.required?.includes(name) ?? false,
      args: (value: unknown) => withKey({ results: [] }, name, value),
    }));
  const items = Object.entries(itemSchema.properties).map(([name, schema]) => ({
    name,
    schema,
    path: `results[1].${name}`,
    required: itemSchema.required?.includes(name) ?? false,
    args: (value: unknown) => ({ results: [validItem(), withKey(validItem(), name, value)] }),
  }));
  return [...top, ...items];
}

function withKey(object: Record<string, unknown>, key: string, value: unknown) {
  const copy = { ...object };
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy;
}

Deno.test("every string bound in input.schema.json is enforced at its exact boundary", async (t) => {
  for (const field of fields()) {
    if (field.schema.type !== "string") continue;
    const schema = field.schema;
    if (schema.maxLength !== undefined) {
      const max = schema.maxLength;
      await t.step(`${field.path}: ${max} accepted, ${max + 1} refused`, () => {
        assert.ok((call(field.args(stringOf(schema, max)))).result);
        const over = call(field.args(stringOf(schema, max + 1)));
        assert.match(over.refused ?? "", new RegExp(`Invalid ${escape(field.path)}: .*at most`));
      });
    }
    const min = schema.minLength ?? 0;
    await t.step(`${field.path}: minimum length ${min}`, () => {
      if (min === 0) {
        assert.ok((call(field.args(""))).result);
      } else {
        const under = call(field.args(""));
        assert.match(under.refused ?? "", new RegExp(`Invalid ${escape(field.path)}: .*at least`));
      }
    });
  }
});

Deno.test("required and optional fields are exactly the schema's, at both levels", async (t) => {
  for (const field of fields()) {
    await t.step(`${field.path} ${field.required ? "is required" : "is optional"}`, () => {
      const outcome = call(field.args(undefined));
      if (field.required) {
        assert.match(
          outcome.refused ?? "",
          new RegExp(`Invalid ${escape(field.path)}: is required`),
        );
      } else {
        assert.ok(outcome.result, outcome.refused);
        assert.ok((call(field.args(validValue(field.schema)))).result);
      }
    });
  }
  await t.step("results is required", () => {
    const outcome = call({});
    assert.equal(inputSchema.required?.includes("results"), true);
    assert.match(outcome.refused ?? "", /Invalid results: is required/);
  });
  await t.step("a property of the wrong type is refused", () => {
    for (const field of fields()) {
      const wrong = field.schema.type === "string" ? 1 : "text";
      const outcome = call(field.args(wrong));
      assert.match(outcome.refused ?? "", new RegExp(`Invalid ${escape(field.path)}: `));
    }
  });
});

Deno.test("no field beyond the schema's properties is accepted", () => {
  assert.equal(inputSchema.additionalProperties, false);
  assert.equal(itemSchema.additionalProperties, false);
  const top = call({ results: [], extra: 1 });
  assert.match(top.refused ?? "", /Invalid arguments: has an unknown field/);
  const item = call({ results: [{ ...validItem(), extra: 1 }] });
  assert.match(item.refused ?? "", /Invalid results\[0\]: has an unknown field/);
});

Deno.test("the item count bounds are the schema's", () => {
  const max = resultsSchema.maxItems ?? Infinity;
  const items = (count: number) => Array.from({ length: count }, validItem);
  assert.ok((call({ results: items(resultsSchema.minItems ?? 0) })).result);
  assert.ok((call({ results: items(max) })).result);
  const over = call({ results: items(max + 1) });
  assert.match(over.refused ?? "", new RegExp(`Invalid results: must have at most ${max} items`));
});

Deno.test("the metadata nesting limit the schema states is enforced at its boundary", () => {
  const metadataSchema = itemSchema.properties.metadata as ObjectSchema & { description: string };
  const levels = Number(/nested at most (\d+) levels deep/.exec(metadataSchema.description)?.[1]);
  assert.ok(levels > 0, "the metadata description states the nesting limit");
  // The metadata object is level 1; each array inside adds one.
  const nested = (depth: number) => ({
    list: JSON.parse("[".repeat(depth - 1) + "]".repeat(depth - 1)),
  });
  const item = (depth: number) => ({ ...validItem(), metadata: nested(depth) });
  assert.ok((call({ results: [validItem(), item(levels)] })).result);
  const over = call({ results: [validItem(), item(levels + 1)] });
  assert.match(
    over.refused ?? "",
    new RegExp(`Invalid results\\[1\\]\\.metadata: must be nested at most ${levels} levels deep`),
  );
});

Deno.test("successful results match output.schema.json", () => {
  const validate = new AjvJsonSchemaValidator().getValidator(outputSchema);
  assert.equal(validate({ title: "x", total: 0, results: [], extra: true }).valid, false);
  const examples = [
    { results: [] },
    exampleInput,
    { results: Array.from({ length: 50 }, validItem), title: "Fifty" },
  ];
  for (const args of examples) {
    const { result } = call(args);
    const check = validate(result?.structuredContent);
    assert.ok(check.valid, check.errorMessage);
  }
});

Deno.test("both schemas compile in validators of the draft-07 default, with no alternatives", () => {
  // Hosts validate with Ajv in its default dialect (draft-07) and strict mode, which refuses a
  // `$schema` it does not know and a `format` it has no definition of; some break on `anyOf`.
  for (const schema of [inputSchemaJson, outputSchema]) {
    assert.doesNotThrow(() => new Ajv().compile(schema));
    const keywords = JSON.stringify(schema).match(/"(?:\$schema|anyOf|oneOf|allOf|format)":/g);
    assert.equal(keywords, null);
  }
  const validate = new Ajv().compile(inputSchemaJson);
  assert.equal(validate(exampleInput), true);
  assert.equal(validate({ results: [{ title: "No URL" }] }), false);
});

function escape(text: string): string {
  return text.replace(/[[\].]/g, (character) => `\\${character}`);
}
