/**
 * The schema files and the runtime validator agree: every field, bound and required set that
 * `input.schema.json` states is enforced exactly at its boundary, nothing else is accepted, and
 * every successful result matches `output.schema.json`.
 */

import assert from "node:assert/strict";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import { createTestServer } from "./support/http_server.ts";
import { type Client, ProtocolError } from "./support/sdk_client.ts";

interface StringSchema {
  type: "string";
  minLength?: number;
  maxLength?: number;
  format?: string;
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

const TOOL_DIR = new URL("../tools/render_results/", import.meta.url);
const inputSchema: ObjectSchema = JSON.parse(
  await Deno.readTextFile(new URL("input.schema.json", TOOL_DIR)),
);
const outputSchema = JSON.parse(await Deno.readTextFile(new URL("output.schema.json", TOOL_DIR)));
const resultsSchema = inputSchema.properties.results as ArraySchema;
const itemSchema = resultsSchema.items;

/** A valid value for `name` of `length` code points: astral characters, or a padded URL. */
function stringOf(schema: StringSchema, length: number): string {
  if (schema.format === "uri") {
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

/** Calls render_results; resolves to the result, or the -32602 error's message. */
async function call(client: Client, args: Record<string, unknown>) {
  try {
    return { result: await client.callTool({ name: "render_results", arguments: args }) };
  } catch (error) {
    if (error instanceof ProtocolError && error.code === -32602) return { refused: error.message };
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
  await using server = await createTestServer();
  const client = await server.connect();
  for (const field of fields()) {
    if (field.schema.type !== "string") continue;
    const schema = field.schema;
    if (schema.maxLength !== undefined) {
      const max = schema.maxLength;
      await t.step(`${field.path}: ${max} accepted, ${max + 1} refused`, async () => {
        assert.ok((await call(client, field.args(stringOf(schema, max)))).result);
        const over = await call(client, field.args(stringOf(schema, max + 1)));
        assert.match(over.refused ?? "", new RegExp(`Invalid ${escape(field.path)}: .*at most`));
      });
    }
    const min = schema.minLength ?? 0;
    await t.step(`${field.path}: minimum length ${min}`, async () => {
      if (min === 0) {
        assert.ok((await call(client, field.args(""))).result);
      } else {
        const under = await call(client, field.args(""));
        assert.match(under.refused ?? "", new RegExp(`Invalid ${escape(field.path)}: .*at least`));
      }
    });
  }
});

Deno.test("required and optional fields are exactly the schema's, at both levels", async (t) => {
  await using server = await createTestServer();
  const client = await server.connect();
  for (const field of fields()) {
    await t.step(`${field.path} ${field.required ? "is required" : "is optional"}`, async () => {
      const outcome = await call(client, field.args(undefined));
      if (field.required) {
        assert.match(
          outcome.refused ?? "",
          new RegExp(`Invalid ${escape(field.path)}: is required`),
        );
      } else {
        assert.ok(outcome.result, outcome.refused);
        assert.ok((await call(client, field.args(validValue(field.schema)))).result);
      }
    });
  }
  await t.step("results is required", async () => {
    const outcome = await call(client, {});
    assert.equal(inputSchema.required?.includes("results"), true);
    assert.match(outcome.refused ?? "", /Invalid results: is required/);
  });
  await t.step("a property of the wrong type is refused", async () => {
    for (const field of fields()) {
      const wrong = field.schema.type === "string" ? 1 : "text";
      const outcome = await call(client, field.args(wrong));
      assert.match(outcome.refused ?? "", new RegExp(`Invalid ${escape(field.path)}: `));
    }
  });
});

Deno.test("no field beyond the schema's properties is accepted", async () => {
  await using server = await createTestServer();
  const client = await server.connect();
  assert.equal(inputSchema.additionalProperties, false);
  assert.equal(itemSchema.additionalProperties, false);
  const top = await call(client, { results: [], extra: 1 });
  assert.match(top.refused ?? "", /Invalid arguments: has an unknown field/);
  const item = await call(client, { results: [{ ...validItem(), extra: 1 }] });
  assert.match(item.refused ?? "", /Invalid results\[0\]: has an unknown field/);
});

Deno.test("the item count bounds are the schema's", async () => {
  await using server = await createTestServer();
  const client = await server.connect();
  const max = resultsSchema.maxItems ?? Infinity;
  const items = (count: number) => Array.from({ length: count }, validItem);
  assert.ok((await call(client, { results: items(resultsSchema.minItems ?? 0) })).result);
  assert.ok((await call(client, { results: items(max) })).result);
  const over = await call(client, { results: items(max + 1) });
  assert.match(over.refused ?? "", new RegExp(`Invalid results: must have at most ${max} items`));
});

Deno.test("the metadata nesting limit the schema states is enforced at its boundary", async () => {
  await using server = await createTestServer();
  const client = await server.connect();
  const metadataSchema = itemSchema.properties.metadata as ObjectSchema & { description: string };
  const levels = Number(/nested at most (\d+) levels deep/.exec(metadataSchema.description)?.[1]);
  assert.ok(levels > 0, "the metadata description states the nesting limit");
  // The metadata object is level 1; each array inside adds one.
  const nested = (depth: number) => ({
    list: JSON.parse("[".repeat(depth - 1) + "]".repeat(depth - 1)),
  });
  const item = (depth: number) => ({ ...validItem(), metadata: nested(depth) });
  assert.ok((await call(client, { results: [validItem(), item(levels)] })).result);
  const over = await call(client, { results: [validItem(), item(levels + 1)] });
  assert.match(
    over.refused ?? "",
    new RegExp(`Invalid results\\[1\\]\\.metadata: must be nested at most ${levels} levels deep`),
  );
});

Deno.test("successful results match output.schema.json", async () => {
  await using server = await createTestServer();
  const client = await server.connect();
  const validate = new AjvJsonSchemaValidator().getValidator(outputSchema);
  assert.equal(validate({ title: "x", total: 0, results: [], extra: true }).valid, false);
  const examples = [
    { results: [] },
    JSON.parse(await Deno.readTextFile(new URL("example-input.json", TOOL_DIR))),
    { results: Array.from({ length: 50 }, validItem), title: "Fifty" },
  ];
  for (const args of examples) {
    const { result } = await call(client, args);
    const check = validate(result?.structuredContent);
    assert.ok(check.valid, check.errorMessage);
  }
});

function escape(text: string): string {
  return text.replace(/[[\].]/g, (character) => `\\${character}`);
}
