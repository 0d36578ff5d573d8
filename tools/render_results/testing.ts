/**
 * What tests of `render_results` and its view are made of. Generated arguments with their known
 * outcome, for the property tests of the tool (`call_test.ts`) and of the server's lean responder;
 * and, from `ui/testing.ts`, a few sources and the results the view draws from them. Arguments are valid by construction (astral, combining, RTL
 * and zero-width characters, lone surrogates, odd metadata keys, URL forms that are valid), may
 * be enlarged to a limit, and then at most one known mutation breaks one known field, so the
 * outcome is known before the call: valid, or a refusal naming the field and its rule.
 * @module
 */

import fc from "fast-check";
import assert from "node:assert/strict";
import inputSchema from "./input.schema.json" with { type: "json" };

export * from "./ui/testing.ts";
/** The arguments of the documented example call (`docs/tool.md`). */
export { default as EXAMPLE_INPUT } from "./example-input.json" with { type: "json" };
/** The documented example call's result. */
export { default as EXAMPLE_OUTPUT } from "./example-output.json" with { type: "json" };

// ---- The contract's numbers ----

const ITEM = inputSchema.properties.results.items.properties;
const MAX = {
  results: inputSchema.properties.results.maxItems,
  heading: inputSchema.properties.title.maxLength,
  title: ITEM.title.maxLength,
  url: ITEM.url.maxLength,
  id: ITEM.id.maxLength,
  text: ITEM.text.maxLength,
};
/** The largest arguments, in UTF-8 bytes of their JSON. */
export const MAX_BYTES = 65_536;
const MAX_DEPTH = 32;

/** Every Unicode White_Space code point (PropList.txt): what "blank" is made of. */
const WHITE_SPACE = [
  ..."\t\n\v\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009",
  ..."\u200a\u2028\u2029\u202f\u205f\u3000",
];
/** What a URL must not contain: White_Space, C0, DEL, C1 and U+FEFF. */
const URL_FORBIDDEN = new Set([
  ...WHITE_SPACE,
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)),
  ...Array.from({ length: 0x21 }, (_, c) => String.fromCharCode(0x7f + c)),
  "\ufeff",
]);
/** Text in submitted values that no error message may contain. */
export const MARKER = "Qz9";

// ---- What the outcome is ----

/** Arguments as generated: a results list and maybe a heading, and whatever a mutation adds. */
export type Args = Record<string, unknown> & { results: ArgsItem[]; title?: string };
/** One generated result. */
export type ArgsItem = Record<string, unknown> & {
  title: string;
  url: string;
  id?: string;
  text?: string;
};
/** The expected refusal: the field the message names and words stating its rule's limit. */
export interface Refusal {
  path: string;
  rule: string;
}

/** Whether `value` is only White_Space (or empty). */
export const isBlank = (value: string): boolean => [...value].every((c) => WHITE_SPACE.includes(c));
const codePoints = (value: string) => [...value].length;
/** The UTF-8 bytes of `value`'s JSON. */
export const jsonBytes = (value: unknown): number =>
  new TextEncoder().encode(JSON.stringify(value)).length;

// ---- Characters and strings ----

const character = (min: number, max: number) =>
  fc.integer({ min, max }).map((c) => String.fromCodePoint(c));
/** ASCII, White_Space, controls and characters that are odd in text, JSON or URLs. */
const COMMON = [
  ...Array.from({ length: 0x5f }, (_, c) => String.fromCharCode(0x20 + c)),
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)),
  ...WHITE_SPACE,
  "\r\n",
  ..."é\u0301\u05d0\u0627\u202e\u200e\u200f\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e\ufffe\uffff",
  ..."😀𝄞中文ß",
];
/** One code point (or CR LF): common ones, any BMP or astral character, lone surrogates. */
const anyCharacter = fc.oneof(
  { arbitrary: fc.constantFrom(...COMMON), weight: 12 },
  { arbitrary: character(0xa0, 0xd7ff), weight: 3 },
  { arbitrary: character(0x10000, 0x10ffff), weight: 2 },
  { arbitrary: character(0xd800, 0xdfff), weight: 1 },
);
const visibleCharacter = anyCharacter.filter((c) => !isBlank(c));
const urlCharacter = anyCharacter.filter((c) => ![...c].some((u) => URL_FORBIDDEN.has(u)));

/** Joins code points without letting a lone high and a lone low surrogate pair up. */
function join(units: string[]): string {
  const parts: string[] = [];
  let last = 0;
  for (const unit of units) {
    const pairs = last >= 0xd800 && last <= 0xdbff && unit.charCodeAt(0) >= 0xdc00 &&
      unit.charCodeAt(0) <= 0xdfff;
    const part = pairs ? "x" : unit;
    parts.push(part);
    last = part.charCodeAt(part.length - 1);
  }
  return parts.join("");
}

/** `start` then `pattern` repeated, to exactly `length` code points ("\r\n" counts two). */
function repeatTo(pattern: string[], length: number, start = ""): string {
  const units = [...join(pattern)];
  const first = units[0].charCodeAt(0);
  const last = units.at(-1)!.charCodeAt(0);
  // A pattern ending in a lone high surrogate must not pair up with its own lone low start.
  if (last >= 0xd800 && last <= 0xdbff && first >= 0xdc00 && first <= 0xdfff) units[0] = "x";
  const room = length - codePoints(start);
  const text = start + units.join("").repeat(Math.floor(room / units.length)) +
    units.slice(0, room % units.length).join("");
  assert.equal(codePoints(text), length, "generator: length in code points");
  return text;
}

const pattern = (unit: fc.Arbitrary<string>) => fc.array(unit, { minLength: 1, maxLength: 8 });

/** A short string of 0 to `max` code points, sometimes with the marker. */
const shortString = (max = 12) =>
  fc.oneof(
    fc.array(anyCharacter, { maxLength: max }).map(join),
    fc.tuple(fc.array(anyCharacter, { maxLength: 4 }), fc.array(anyCharacter, { maxLength: 4 }))
      .map(([a, b]) => join([...a, ...MARKER, ...b])),
  );

/** A short string that is not blank, sometimes one code point long. */
const shortVisible = fc.oneof(
  fc.tuple(
    fc.array(anyCharacter, { maxLength: 5 }),
    visibleCharacter,
    fc.array(anyCharacter, { maxLength: 5 }),
  ).map(([a, c, b]) => join([...a, c, ...b])),
  fc.tuple(fc.array(anyCharacter, { maxLength: 4 }), fc.array(anyCharacter, { maxLength: 4 }))
    .map(([a, b]) => join([...a, ...MARKER, ...b])),
);

// ---- URLs ----

const scheme = fc.constantFrom("http", "https", "HTTP", "hTtPs");
const label = fc.stringMatching(/^[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,4})?$/);
const domain = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.boolean()).map((
  [labels, upper],
) => {
  const name = [...labels, "example"].join(".");
  return upper ? name.toUpperCase() : name;
});
/** Hosts every parser reads alike, in the forms WHATWG normalises. */
const host = fc.oneof(
  { arbitrary: domain, weight: 6 },
  {
    arbitrary: fc.constantFrom(
      "bücher.example",
      "BÜCHER.example",
      "例え.jp",
      "пример.рф",
      "مثال.إختبار",
      "xn--bcher-kva.de",
      "%65xample.com",
      "example.com.",
      "a\u3002b.example",
      "127.0.0.1",
      "[::1]",
      "[2001:DB8::1]",
      "[0:0::1]",
    ),
    weight: 3,
  },
);
const port = fc.oneof(
  fc.constant(""),
  fc.constantFrom(":", ":0080", ":443"),
  fc.integer({ min: 0, max: 65535 }).map((n) => `:${n}`),
);
const urlTail = fc.oneof(
  fc.constantFrom("", "/", "/x@y", "/a\\b", "?@evil.example", "#@evil.example", "/%zz?q#f"),
  fc.tuple(
    fc.constantFrom("/", "?", "#", "/p?", "/p#"),
    fc.array(urlCharacter, { maxLength: 10 }),
    fc.boolean(),
  ).map(([lead, units, marked]) => join([lead, ...(marked ? MARKER : ""), ...units])),
);
const validUrl = fc.tuple(scheme, host, port, urlTail).map(([s, h, p, t]) => `${s}://${h}${p}${t}`);

const ABSOLUTE = "must be an absolute http or https URL";
const NO_HOST = "must have a host name";
const SAME_READING = "must be read the same way by every URL parser";
const NO_USERINFO = "must not contain a username or password";
/** Invalid URL forms, each built around a valid host `h`, with the rule they break. */
const BAD_URLS: [(s: string, h: string) => string, string][] = [
  [(s, h) => `${s}://${h}\\.${MARKER}.example/`, SAME_READING],
  [(s, h) => `${s}://${MARKER}\\@${h}/`, SAME_READING],
  [(s, h) => `${s}://${MARKER}@x@${h}/`, SAME_READING],
  [(s, h) => `${s}://\\${h}/${MARKER}`, SAME_READING],
  [(s, h) => `${s}://\\/@${h}/${MARKER}`, SAME_READING],
  [(s, h) => `${s}://${h}:8\\${MARKER}/`, SAME_READING],
  [(s, h) => `${s}://${MARKER}@${h}/`, NO_USERINFO],
  [(s, h) => `${s}://${MARKER}:${MARKER}@${h}/`, NO_USERINFO],
  [(s, h) => `${s}://:${MARKER}@${h}/`, NO_USERINFO],
  [(s, h) => `${s}://@${h}/${MARKER}`, NO_USERINFO],
  [(s, h) => `${s}://:@${h}/${MARKER}`, NO_USERINFO],
  [(s, h) => `${s}://${h}\\@${h}/${MARKER}`, NO_USERINFO],
  [(s) => `${s}://`, NO_HOST],
  [(s, h) => `${s}:///${h}/${MARKER}`, NO_HOST],
  [(s) => `${s}://:80/${MARKER}`, NO_HOST],
  [(s) => `${s}://@/${MARKER}`, NO_HOST],
  [(s) => `${s}://${MARKER}@:80/`, NO_HOST],
  [(_, h) => `ftp://${h}/${MARKER}`, ABSOLUTE],
  [() => `javascript:alert("${MARKER}")`, ABSOLUTE],
  [(_, h) => `//${h}/${MARKER}`, ABSOLUTE],
  [() => `/${MARKER}`, ABSOLUTE],
  [(s, h) => `${s}:${h}/${MARKER}`, ABSOLUTE],
  [(s, h) => `${s}:/${h}/${MARKER}`, ABSOLUTE],
  [(s, h) => `${s}:\\\\${h}/${MARKER}`, ABSOLUTE],
  [(_, h) => `mailto:${MARKER}@${h}`, ABSOLUTE],
  [(s, h) => `${s}://${h}:65536/${MARKER}`, ABSOLUTE],
  [(s) => `${s}://exa%00mple.com/${MARKER}`, ABSOLUTE],
  [(s) => `${s}://[::1/${MARKER}`, ABSOLUTE],
  [(s) => `${s}://1.2.3.4.5/${MARKER}`, ABSOLUTE],
];

// ---- Metadata ----

const key = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "toString",
    "valueOf",
    "hasOwnProperty",
    "toJSON",
    "prototype",
    "length",
    "",
    "0",
  ),
  shortString(8),
);
const scalar = fc.oneof(
  shortString(8),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
/** An object of `entries` as JSON.parse makes it: every key an own data property, `__proto__` too. */
function object(entries: [string, unknown][]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(result, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { maxDepth: 2 },
    scalar,
    fc.array(tie("json"), { maxLength: 3 }),
    fc.array(fc.tuple(key, tie("json")), { maxLength: 3 }).map(object),
  ),
}));
const metadata = fc.array(fc.tuple(key, json), { maxLength: 4 }).map(object);

/** `levels` nested containers (`kinds` picks arrays or objects in turn) around `leaf`. */
function nested(levels: number, kinds: boolean[], leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) {
    value = kinds[level % kinds.length] ? [value] : { [MARKER]: value };
  }
  return value;
}

// ---- Valid arguments ----

const itemWith = (metadata: fc.Arbitrary<Record<string, unknown>>) =>
  fc.record(
    { title: shortVisible, url: validUrl, id: shortVisible, text: shortString(), metadata },
    {
      requiredKeys: ["title", "url"],
    },
  );
// By construction at most 40,000 bytes (a code point takes at most 6 bytes of JSON), so one
// enlargement and one mutation (each at most 12,300 bytes) stay under the size limit.
const baseArgs = fc.record({
  results: fc.oneof(
    { arbitrary: fc.array(itemWith(metadata), { maxLength: 6 }), weight: 30 },
    {
      arbitrary: fc.array(itemWith(fc.array(fc.tuple(key, scalar), { maxLength: 1 }).map(object)), {
        minLength: MAX.results,
        maxLength: MAX.results,
      }),
      weight: 1,
    },
  ),
  title: shortVisible,
}, { requiredKeys: ["results"] });

type Field = "heading" | "title" | "url" | "id" | "text";
const FIELDS: Field[] = ["heading", "title", "url", "id", "text"];
const pathOf = (field: Field, index: number) =>
  field === "heading" ? "title" : `results[${index}].${field}`;

/** The result at `pick` (modulo the count); adds one when there is none. */
function target(args: Args, pick: number): [ArgsItem, number] {
  if (args.results.length === 0) args.results.push({ title: MARKER, url: "https://a.example/" });
  const index = pick % args.results.length;
  return [args.results[index], index];
}

function setField(args: Args, field: Field, pick: number, value: unknown): string {
  if (field === "heading") {
    args.title = value as string;
    return "title";
  }
  const [item, index] = target(args, pick);
  (item as Record<string, unknown>)[field] = value;
  return pathOf(field, index);
}

/** Adds a metadata string to reach exactly `bytes` bytes of JSON, padding with `pad`. */
function padTo(args: Args, bytes: number, pad: string, pick: number): void {
  const [item] = target(args, pick);
  const metadata = { ...(item.metadata as object), [`${MARKER}pad`]: "" };
  item.metadata = metadata;
  const room = bytes - jsonBytes(args);
  const width = jsonBytes(pad) - 2;
  metadata[`${MARKER}pad`] = pad.repeat(Math.floor(room / width)) + "a".repeat(room % width);
}

/** Changes that keep the arguments valid: one field at its limit, deep metadata, exact size. */
const enlargement = fc.oneof(
  { arbitrary: fc.constant({ kind: "none" as const }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant("long" as const),
      field: fc.constantFrom(...FIELDS),
      pattern: pattern(anyCharacter),
      shorter: fc.integer({ min: 0, max: 2 }),
      pick: fc.nat(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("deep" as const),
      kinds: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
      leaf: scalar,
      pick: fc.nat(),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("size" as const),
      pad: fc.constantFrom("a", "é", "€", "😀", "\udc00", "\u0001", '"'),
      pick: fc.nat(),
    }),
    weight: 1,
  },
);
type Enlargement = typeof enlargement extends fc.Arbitrary<infer T> ? T : never;

function enlarge(args: Args, change: Enlargement, mutated: boolean): void {
  switch (change.kind) {
    case "long": {
      const length = MAX[change.field] - change.shorter;
      const value = change.field === "url"
        ? repeatTo(["a", "😀"], length, "https://example.com/")
        : repeatTo(change.pattern, length, MARKER);
      setField(args, change.field, change.pick, value);
      break;
    }
    case "deep": {
      const [item] = target(args, change.pick);
      item.metadata = { [MARKER]: nested(MAX_DEPTH - 1, change.kinds, change.leaf) };
      break;
    }
    case "size":
      // Reaching the limit leaves no room for a mutation's own bytes.
      if (!mutated) padTo(args, MAX_BYTES, change.pad, change.pick);
      break;
  }
}

// ---- Mutations: each breaks exactly one rule of one field ----

/** Values of the wrong type for each kind of field, with the rule they break. */
const WRONG_TYPES = {
  string: { values: [1, 0, null, true, [], [MARKER], {}, { [MARKER]: 1 }], rule: "a string" },
  metadata: { values: [[], [MARKER], null, MARKER, 1, true], rule: "must be a JSON object" },
  results: { values: [null, MARKER, 1, {}, { 0: MARKER }], rule: "must be an array" },
  item: { values: [null, MARKER, 1, [], [MARKER]], rule: "must be an object" },
  arguments: { values: [null, [], [MARKER], MARKER, 1, undefined], rule: "must be an object" },
};
const NOT_JSON = [
  () => Infinity,
  () => -Infinity,
  () => NaN,
  () => undefined,
  () => () => MARKER,
  () => 1n,
  () => Symbol(MARKER),
  () => new Date(0),
  () => new Map([[MARKER, 1]]),
  () => [1, , 2],
];
const UNKNOWN_KEYS = ["__proto__", "constructor", "toString", "Title", "URL", "ui", "", MARKER];

const mutation = fc.oneof(
  { arbitrary: fc.constant({ kind: "none" as const }), weight: 10 },
  fc.record({
    kind: fc.constant("too long" as const),
    field: fc.constantFrom(...FIELDS),
    pattern: pattern(anyCharacter),
    extra: fc.integer({ min: 1, max: 3 }),
    pick: fc.nat(),
  }),
  fc.record({
    kind: fc.constant("empty" as const),
    field: fc.constantFrom<Field>("heading", "title", "url", "id"),
    pick: fc.nat(),
  }),
  fc.record({
    kind: fc.constant("blank" as const),
    field: fc.constantFrom<Field>("heading", "title", "id"),
    pattern: pattern(fc.constantFrom(...WHITE_SPACE)),
    long: fc.boolean(),
    pick: fc.nat(),
  }),
  {
    arbitrary: fc.record({
      kind: fc.constant("bad url" as const),
      form: fc.nat({ max: BAD_URLS.length - 1 }),
      scheme,
      host,
      pick: fc.nat(),
    }),
    weight: 3,
  },
  fc.record({
    kind: fc.constant("url character" as const),
    url: validUrl,
    character: fc.constantFrom(...URL_FORBIDDEN),
    at: fc.nat(),
    pick: fc.nat(),
  }),
  fc.record({
    kind: fc.constant("unknown key" as const),
    key: fc.constantFrom(...UNKNOWN_KEYS),
    inItem: fc.boolean(),
    pick: fc.nat(),
  }),
  fc.record({
    kind: fc.constant("wrong type" as const),
    field: fc.constantFrom<Field | Exclude<keyof typeof WRONG_TYPES, "string">>(
      ...FIELDS,
      "metadata",
      "results",
      "item",
      "arguments",
    ),
    value: fc.nat(),
    pick: fc.nat(),
  }),
  fc.record({
    kind: fc.constant("missing" as const),
    field: fc.constantFrom("results", "title", "url"),
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant("too many" as const), extra: fc.integer({ min: 1, max: 10 }) }),
  fc.record({
    kind: fc.constant("too deep" as const),
    levels: fc.oneof(fc.integer({ min: MAX_DEPTH, max: 40 }), fc.integer({ min: 41, max: 1000 })),
    kinds: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
    pick: fc.nat(),
  }),
  fc.record({
    kind: fc.constant("not JSON" as const),
    value: fc.nat({ max: NOT_JSON.length - 1 }),
    levels: fc.integer({ min: 0, max: 3 }),
    kinds: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
    pick: fc.nat(),
  }),
  fc.record({
    kind: fc.constant("too large" as const),
    pad: fc.constantFrom("a", "é", "€", "😀", "\udc00", "\u0001", '"'),
    extra: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 })),
    pick: fc.nat(),
  }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

/** Applies `change` to `args`; returns the arguments to send and the refusal to expect. */
function mutate(args: Args, change: Mutation): [unknown, Refusal | undefined] {
  switch (change.kind) {
    case "none":
      return [args, undefined];
    case "too long": {
      const max = MAX[change.field];
      const length = max + change.extra;
      const value = change.field === "url"
        ? repeatTo(["a", "😀"], length, `https://example.com/${MARKER}`)
        : repeatTo(change.pattern, length, MARKER);
      const path = setField(args, change.field, change.pick, value);
      return [args, { path, rule: `at most ${max.toLocaleString("en-US")} characters` }];
    }
    case "empty":
      return [args, { path: setField(args, change.field, change.pick, ""), rule: "at least 1" }];
    case "blank": {
      const length = change.long ? MAX[change.field] : change.pattern.length;
      const path = setField(args, change.field, change.pick, repeatTo(change.pattern, length));
      return [args, { path, rule: "must not be blank" }];
    }
    case "bad url": {
      const [form, rule] = BAD_URLS[change.form];
      const path = setField(args, "url", change.pick, form(change.scheme, change.host));
      return [args, { path, rule }];
    }
    case "url character": {
      const at = change.at % (change.url.length + 1);
      const url = change.url.slice(0, at) + change.character + change.url.slice(at);
      const path = setField(args, "url", change.pick, url);
      return [args, { path, rule: "must not contain whitespace or control characters" }];
    }
    case "unknown key": {
      if (!change.inItem) {
        const withKey = object([...Object.entries(args), [change.key, MARKER]]);
        return [withKey, { path: "arguments", rule: "unknown field" }];
      }
      const [item, index] = target(args, change.pick);
      args.results[index] = object([...Object.entries(item), [change.key, MARKER]]) as ArgsItem;
      return [args, { path: `results[${index}]`, rule: "unknown field" }];
    }
    case "wrong type": {
      const { field } = change;
      const { values, rule } = field in WRONG_TYPES
        ? WRONG_TYPES[field as keyof typeof WRONG_TYPES]
        : WRONG_TYPES.string;
      const value = structuredClone(values[change.value % values.length]);
      switch (field) {
        case "arguments":
          return [value, { path: field, rule }];
        case "results":
          args.results = value as ArgsItem[];
          return [args, { path: field, rule }];
        case "item": {
          const [, index] = target(args, change.pick);
          args.results[index] = value as ArgsItem;
          return [args, { path: `results[${index}]`, rule }];
        }
        case "metadata": {
          const [item, index] = target(args, change.pick);
          item.metadata = value;
          return [args, { path: `results[${index}].metadata`, rule }];
        }
        default:
          return [args, { path: setField(args, field, change.pick, value), rule }];
      }
    }
    case "missing": {
      if (change.field === "results") {
        delete (args as Partial<Args>).results;
        return [args, { path: "results", rule: "is required" }];
      }
      const [item, index] = target(args, change.pick);
      delete (item as Partial<ArgsItem>)[change.field as "title" | "url"];
      return [args, { path: `results[${index}].${change.field}`, rule: "is required" }];
    }
    case "too many": {
      while (args.results.length <= MAX.results + change.extra - 1) {
        args.results.push({ title: MARKER, url: `https://${MARKER}.example/` });
      }
      return [args, { path: "results", rule: `at most ${MAX.results} items` }];
    }
    case "too deep": {
      const [item, index] = target(args, change.pick);
      // The metadata object is level 1.
      item.metadata = { [MARKER]: nested(change.levels, change.kinds, MARKER) };
      return [args, { path: `results[${index}].metadata`, rule: `at most ${MAX_DEPTH} levels` }];
    }
    case "not JSON": {
      const [item, index] = target(args, change.pick);
      const value = nested(change.levels, change.kinds, NOT_JSON[change.value]());
      item.metadata = { ...(item.metadata as object), [MARKER]: value };
      return [args, { path: `results[${index}].metadata`, rule: "JSON values" }];
    }
    case "too large":
      padTo(args, MAX_BYTES + 1 + change.extra, change.pad, change.pick);
      assert.equal(jsonBytes(args), MAX_BYTES + 1 + change.extra, "generator: padding");
      return [args, { path: "arguments", rule: "at most 65,536 bytes" }];
  }
}

/** Generated arguments and their outcome. */
export interface Case {
  /** The arguments, as a client would send them. */
  args: unknown;
  /** The refusal they must get, or undefined where they are valid. */
  refusal: Refusal | undefined;
}

/** Generated arguments, and the refusal they must get (none: they are valid). */
export const cases: fc.Arbitrary<Case> = fc.tuple(baseArgs, enlargement, mutation).map(
  ([base, change, breaking]) => {
    const args = structuredClone(base) as Args;
    enlarge(args, change, breaking.kind !== "none");
    const [sent, refusal] = mutate(args, breaking);
    return { args: sent, refusal };
  },
);

/** `--runs=N` and `--seed=N` from the arguments after `--`; the last one of each counts. */
export function option(name: string): number | undefined {
  const values = Deno.args.filter((arg) => arg.startsWith(`--${name}=`));
  return values.length === 0 ? undefined : Number(values.at(-1)!.slice(name.length + 3));
}

/**
 * `results` with typographic apostrophes and dashes, as English text often has: characters beyond
 * Latin-1, which make V8 keep each string that holds one at two bytes a character.
 */
export function typographic<T extends { title: string; text?: string }>(results: T[]): T[] {
  return results.map((result) => ({
    ...result,
    title: result.title.replace(" (", " \u2014 ("),
    text: result.text?.replaceAll("'", "\u2019"),
  }));
}
