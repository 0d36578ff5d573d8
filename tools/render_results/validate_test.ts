/**
 * Every argument rule of `render_results` at its exact boundaries: valid arguments come back
 * unchanged, invalid ones throw an `InvalidParamsError` -32602 whose message names the field and
 * the rule and holds no part of the submitted value.
 */

import assert from "node:assert/strict";
import { callRenderResults } from "./call.ts";
import { InvalidParamsError } from "./invalid_params.ts";
import { validateRenderInput } from "./validate.ts";

/** Text in every submitted bad value; no message may contain it. */
const MARKER = "Zq7Marker";
const SMILE = "😀"; // One code point, two UTF-16 units, four UTF-8 bytes.
/** Every Unicode White_Space code point (PropList.txt). */
const WHITE_SPACE = [
  ..."\t\n\v\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009",
  ..."\u200a\u2028\u2029\u202f\u205f\u3000",
];

const source = (extra: Record<string, unknown> = {}) => ({
  title: "A source",
  url: "https://example.com/a",
  ...extra,
});
/** Arguments with one result made of `extra`. */
const one = (extra: Record<string, unknown>) => ({ results: [source(extra)] });

function accepts(args: unknown): void {
  assert.equal(validateRenderInput(args), args);
}

/** Asserts that `args` is refused with a message naming `path` and containing `rule`. */
function refuses(args: unknown, path: string, rule: string): void {
  let error: unknown;
  try {
    validateRenderInput(args);
  } catch (thrown) {
    error = thrown;
  }
  assert.ok(
    error instanceof InvalidParamsError && error.code === -32602,
    `expected a -32602 InvalidParamsError, got ${error}`,
  );
  assert.equal(error.code, -32602);
  assert.ok(error.message.startsWith(`Invalid ${path}: `), error.message);
  assert.ok(error.message.includes(rule), `${error.message} should say "${rule}"`);
  assert.ok(!error.message.includes(MARKER), `the message echoes the value: ${error.message}`);
}

/** `count` code points: `MARKER` then astral characters. */
const astral = (count: number) => MARKER + SMILE.repeat(count - MARKER.length);

Deno.test("the arguments must be an object with only results and title", () => {
  for (const args of [undefined, null, 1, MARKER, [MARKER], new Date(), new Map()]) {
    refuses(args, "arguments", "must be an object with a results array");
  }
  accepts(Object.assign(Object.create(null), { results: [] }));
  for (const key of [MARKER, "__proto__", "constructor", "toString", "Title", ""]) {
    refuses(JSON.parse(`{"results":[],${JSON.stringify(key)}:1}`), "arguments", "unknown field");
  }
  // An own `__proto__` key, as `JSON.parse` makes it, whatever it holds: the schema's
  // `additionalProperties: false` makes it an unknown field like any other.
  for (const value of ["{}", "null", "[]", '{"results":[]}', `{"${MARKER}":1}`]) {
    for (const json of [`{"results":[],"__proto__":${value}}`, `{"__proto__":${value}}`]) {
      refuses(JSON.parse(json), "arguments", "unknown field");
      assert.throws(
        () => callRenderResults(JSON.parse(json)),
        /^InvalidParamsError: Invalid arguments: has an unknown field/,
      );
    }
  }
  refuses({ title: "Heading" }, "results", "is required");
  for (const results of [MARKER, { 0: source() }, null, 1]) {
    refuses({ results }, "results", "must be an array");
  }
});

Deno.test("results holds 0 to 50 objects", () => {
  accepts({ results: [] });
  accepts({ results: Array.from({ length: 50 }, () => source()) });
  refuses({ results: Array.from({ length: 51 }, () => source()) }, "results", "at most 50 items");
  refuses({ results: new Array(2 ** 32 - 1) }, "results", "at most 50 items");
  for (const item of [null, MARKER, 1, [MARKER], new Date(), undefined]) {
    refuses({ results: [source(), item] }, "results[1]", "must be an object");
  }
  refuses({ results: [source(), , source()] }, "results[1]", "must be an object");
  for (const key of [MARKER, "__proto__", "constructor", "toString", "ID"]) {
    const item = JSON.parse(`{"title":"t","url":"https://a.example/",${JSON.stringify(key)}:1}`);
    refuses({ results: [item] }, "results[0]", "unknown field");
  }
});

Deno.test("each string field has its type, presence and length in code points", () => {
  const fields = [
    { path: "title", min: 1, max: 120, args: (value?: unknown) => ({ results: [], title: value }) },
    { path: "results[0].title", min: 1, max: 300, args: (title?: unknown) => one({ title }) },
    { path: "results[0].id", min: 1, max: 2048, args: (id?: unknown) => one({ id }) },
    { path: "results[0].text", min: 0, max: 2000, args: (text?: unknown) => one({ text }) },
  ];
  for (const { path, min, max, args } of fields) {
    accepts(args(SMILE.repeat(max))); // 2 × max UTF-16 units
    accepts(args("\udc00".repeat(max))); // lone surrogates are one code point each
    accepts(args("e\u0301".repeat(max / 2))); // a combining mark is a code point of its own
    refuses(args(astral(max + 1)), path, `at most ${max.toLocaleString("en-US")} characters`);
    refuses(args(SMILE.repeat(max) + "a"), path, `at most ${max.toLocaleString("en-US")}`);
    refuses(args(MARKER + "a".repeat(max * 3)), path, "characters");
    if (min === 0) accepts(args(""));
    else refuses(args(""), path, "at least 1 character");
    for (const value of [1, null, true, [MARKER], { [MARKER]: 1 }]) {
      refuses(args(value), path, "must be a string");
    }
  }
  refuses({ results: [{ url: "https://a.example/" }] }, "results[0].title", "is required");
  refuses({ results: [{ title: MARKER }] }, "results[0].url", "is required");
  accepts({ results: [source({ id: undefined, text: undefined, metadata: undefined })] });
});

Deno.test("titles, the heading and ids must not be blank: only Unicode White_Space", () => {
  const blanks = [...WHITE_SPACE, WHITE_SPACE.join(""), "\r\n", " \u3000 "];
  const notBlank = ["\u200b", "\ufeff", "\u180e", "\u200d", "\u00ad", "\u0301", "\udc00", "."];
  for (
    const [path, args] of [
      ["title", (title: string) => ({ results: [], title })],
      ["results[0].title", (title: string) => one({ title })],
      ["results[0].id", (id: string) => one({ id })],
    ] as const
  ) {
    for (const value of blanks) refuses(args(value), path, "must not be blank");
    for (const value of notBlank) accepts(args(` ${value}\n`));
  }
  for (const text of [...blanks, ""]) accepts(one({ text }));
});

Deno.test("URLs: length, characters and scheme", () => {
  const prefix = `https://example.com/${MARKER}/`;
  accepts(one({ url: prefix + SMILE.repeat(2048 - prefix.length) }));
  refuses(one({ url: prefix + "a".repeat(2049 - prefix.length) }), "results[0].url", "2,048");
  refuses(one({ url: "" }), "results[0].url", "at least 1 character");
  for (const character of [...WHITE_SPACE, "\u0000", "\u001f", "\u007f", "\u009f", "\ufeff"]) {
    for (
      const url of [`https://exa${character}mple.com/`, `https://example.com/${MARKER}${character}`]
    ) {
      refuses(one({ url }), "results[0].url", "must not contain whitespace or control characters");
    }
  }
  for (
    const url of [
      `javascript:alert('${MARKER}')`,
      `ftp://example.com/${MARKER}`,
      `data:text/html,${MARKER}`,
      `mailto:${MARKER}@example.com`,
      `/${MARKER}/page`,
      `//${MARKER}.example.com/`,
      `https:${MARKER}.example.com`,
      `http:\\\\${MARKER}.example.com/`,
      `http:/\\${MARKER}.example.com/`,
      `https://exa%00mple${MARKER}.com/`,
      `https://${MARKER}.example.com:65536/`,
      `https://[::1/${MARKER}`,
      `https://[::1]${MARKER}/`,
      `https://1.2.3.4.5/${MARKER}`,
      `https://a%2Fb.${MARKER}.com/`,
    ]
  ) {
    refuses(one({ url }), "results[0].url", "must be an absolute http or https URL");
  }
});

Deno.test("URLs: the host is there and every parser finds the same one", () => {
  for (
    const url of [
      "https://example.com",
      "HTTPS://EXAMPLE.COM/Path",
      "http://example.com:8080/a?b=c#d",
      "http://example.com:/",
      "http://example.com:0080/",
      "https://bücher.de/",
      "https://BÜCHER.de/",
      "https://例え.jp/パス?q=ü",
      "https://مثال.إختبار/",
      "https://xn--bcher-kva.de/",
      "http://%65xample.com/",
      "http://example.com./",
      "http://example.com#x",
      "http://example.com?x",
      "http://example.com#@evil.example",
      "http://example.com?@evil.example",
      "https://a.example/x@y",
      "https://a.example/x\\@y",
      "https://a.example/\\",
      "http://[::1]/",
      "http://[0:0::1]:8080/",
      "http://[2001:DB8::1]/",
      "http://127.0.0.1/",
      "http://a\u3002b.example/",
    ]
  ) {
    accepts(one({ url }));
  }
  for (const url of ["http://", "http:///x", "https:///example.com/", "http://:80/", "http://@/"]) {
    refuses(one({ url }), "results[0].url", "must have a host name");
  }
  refuses(one({ url: `http://${MARKER}@/` }), "results[0].url", "must have a host name");
  for (
    const url of [
      `http://${MARKER}\\@example.com/`,
      `http://example.com\\.${MARKER}.com`,
      `http://example.com\\${MARKER}`,
      `http://\\${MARKER}.example.com/`,
      `http://\\/@${MARKER}.example.com/`,
      `http://${MARKER}@b@example.com/`,
      `http://example.com:8\\${MARKER}/`,
      `http://example.com:80\\@${MARKER}.example/`,
    ]
  ) {
    refuses(
      one({ url }),
      "results[0].url",
      "must be read the same way by every URL parser (host, port and userinfo)",
    );
  }
});

Deno.test("URLs carry no userinfo, not even an empty one", () => {
  for (
    const url of [
      `https://user:${MARKER}@example.com/`,
      `https://${MARKER}@example.com/`,
      `https://${MARKER}:@example.com/`,
      `https://:${MARKER}@example.com/`,
      "http://@example.com/",
      "http://:@example.com/",
      `http://example.com:80@${MARKER}.example/`,
      `http://${MARKER}.example\\@${MARKER}.example/`,
    ]
  ) {
    refuses(one({ url }), "results[0].url", "must not contain a username or password");
  }
});

Deno.test("metadata is a JSON object nested at most 32 levels", () => {
  for (const metadata of [[MARKER], null, MARKER, 1, true, new Date(), new Map()]) {
    refuses(one({ metadata }), "results[0].metadata", "must be a JSON object");
  }
  /** `levels` levels of objects and arrays, the outermost an object: metadata's own level. */
  const nested = (levels: number) => {
    let value: unknown = MARKER;
    for (let level = levels; level > 1; level--) value = level % 2 ? { [MARKER]: value } : [value];
    return { [MARKER]: value };
  };
  accepts(one({ metadata: nested(32) }));
  accepts({ results: Array.from({ length: 50 }, () => source({ metadata: nested(32) })) });
  refuses(one({ metadata: nested(33) }), "results[0].metadata", "at most 32 levels deep");
  const deepArrays = JSON.parse(`{"results":[{"title":"t","url":"https://a.example/",
    "metadata":{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}}]}`);
  refuses(deepArrays, "results[0].metadata", "at most 32 levels deep");
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  refuses({ results: [source(), source({ metadata: cycle })] }, "results[1].metadata", "32 levels");
});

Deno.test("metadata holds only JSON values", () => {
  const parsed = JSON.parse(
    `{"__proto__":{"polluted":true},"constructor":{"prototype":1},"toString":"x","toJSON":[],
      "hasOwnProperty":null,"":0,"length":-0,"big":1.7976931348623157e308,"tiny":5e-324}`,
  );
  const args = one({ metadata: parsed });
  accepts(args);
  assert.deepEqual(Object.keys(parsed).slice(0, 2), ["__proto__", "constructor"]);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  accepts(one({ metadata: Object.assign(Object.create(null), { a: [Object.create(null)] }) }));
  class Point {
    x = 1;
  }
  for (
    const bad of [
      Infinity,
      -Infinity,
      NaN,
      undefined,
      () => MARKER,
      Symbol(MARKER),
      10n,
      new Date(),
      new Map([[MARKER, 1]]),
      new Point(),
      new String(MARKER),
      new Uint8Array(1),
      [1, , 2],
      new Array(2 ** 31),
    ]
  ) {
    for (const metadata of [{ [MARKER]: bad }, { list: [[{ [MARKER]: bad }]] }]) {
      refuses(one({ metadata }), "results[0].metadata", "must hold only JSON values");
    }
  }
  refuses(
    one({ metadata: JSON.parse(`{"n":1e309}`) }),
    "results[0].metadata",
    "finite numbers",
  );
});

Deno.test("the arguments are at most 65,536 bytes of UTF-8 JSON", () => {
  // A metadata string padded with `pad` (1 to 6 JSON bytes each) to make `bytes` bytes in all.
  const ofBytes = (bytes: number, pad: string) => {
    const base = one({ metadata: { note: MARKER } });
    const room = bytes - new TextEncoder().encode(JSON.stringify(base)).length;
    const width = new TextEncoder().encode(JSON.stringify(pad)).length - 2;
    const note = MARKER + pad.repeat(Math.floor(room / width)) + "a".repeat(room % width);
    const args = one({ metadata: { note } });
    assert.equal(new TextEncoder().encode(JSON.stringify(args)).length, bytes, "test setup");
    return args;
  };
  for (const pad of ["a", "é", "€", SMILE, "\udc00", "\u0001", '"']) {
    accepts(ofBytes(65536, pad));
    refuses(ofBytes(65537, pad), "arguments", "at most 65,536 bytes as UTF-8 JSON");
  }
  const text = MARKER.repeat(150);
  const fifty = { results: Array.from({ length: 50 }, () => source({ text })) };
  refuses(fifty, "arguments", "65,536 bytes");
  // Refused while walking, before anything builds a JSON text of them.
  refuses(one({ metadata: { list: new Array(1_000_000).fill(0) } }), "arguments", "65,536");
  refuses(one({ metadata: { [MARKER]: "a".repeat(10_000_000) } }), "arguments", "65,536");
  const manyEmpty = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [i, {}]));
  refuses(one({ metadata: manyEmpty }), "arguments", "65,536");
});

Deno.test("a message is one short sentence naming the field, never the value", () => {
  const cases: unknown[] = [
    { results: [], [MARKER]: MARKER },
    one({ title: astral(301) }),
    one({ url: `https://${MARKER}:${MARKER}@example.com/` }),
    one({ metadata: { [MARKER]: Infinity } }),
  ];
  for (const args of cases) {
    try {
      validateRenderInput(args);
      assert.fail("accepted");
    } catch (error) {
      assert.ok(error instanceof InvalidParamsError && error.code === -32602);
      assert.match(error.message, /^Invalid [\w.[\]]+: [a-z][^.]*\.$/);
      assert.ok(error.message.length < 200, error.message);
    }
  }
});
