/**
 * Strict validation of `render_results` arguments: the JSON Schema's shape plus the runtime rules
 * the schema cannot express. Messages name the field and the rule, never the submitted value.
 *
 * Whatever the arguments hold, an invalid value ends in an `InvalidParamsError` -32602 and nothing else.
 * So nothing unbounded runs before the shape is known: the fixed fields are checked one level at a
 * time, metadata is walked at most 32 levels deep while a lower bound of its JSON size is summed
 * (a huge array or string is refused before anything builds it), and only then is the whole
 * measured, unless the size of the text it was parsed from already settles the limit.
 *
 * Metadata may nest 32 levels: the metadata object is level 1 and every object or array in it adds
 * one. Source metadata (dates, authors, tags) is a few levels deep, so 32 leaves ample room, while
 * a JSON-RPC response carrying it (metadata sits 5 levels down) stays far within the nesting limits
 * of JSON parsers and recursive code in clients (serde_json stops at 128 levels).
 *
 * Metadata holds JSON values only: strings, finite numbers, booleans, null, arrays and plain
 * objects. JSON text can spell a number too large for a double (`1e309`), which parses as
 * `Infinity` and would be sent back as `null`; it is refused rather than changed.
 * @module
 */

import { isBlank } from "./blank.ts";
import { InvalidParamsError } from "./invalid_params.ts";
import type { RenderInput, SourceInput } from "./types.ts";
import { urlProblem } from "./url.ts";
import { jsonByteLength, type JsonSource, sourceBoundsJson } from "./json_size.ts";
import { isPlainObject } from "./plain_object.ts";

/** Limits of the arguments; `input.schema.json` states the same numbers. */
const LIMITS = {
  results: 50,
  heading: 120,
  title: 300,
  url: 2048,
  id: 2048,
  text: 2000,
  metadataDepth: 32,
  argumentsBytes: 65536,
} as const;

const ARGUMENT_KEYS = new Set(["results", "title"]);
const RESULT_KEYS = new Set(["title", "url", "id", "text", "metadata"]);

/** What the metadata walked so far adds to the size of the arguments' JSON. */
interface SizeBound {
  /** A lower bound of its UTF-8 JSON bytes. */
  bytes: number;
  /** How much longer its numbers may be written than as they were spelled in a text. */
  numbersGrowth: number;
}

/** What is wrong with a metadata value, if anything. */
type MetadataProblem = "too deep" | "not JSON" | "too large" | undefined;

/**
 * Checks `args` against every rule of `render_results` and returns it typed, or throws a
 * {@linkcode InvalidParamsError} (code -32602) (invalid params) naming the field and the rule.
 * `source`, the size of the JSON text `args` was parsed from (or of one that holds it), may
 * settle the size rule without measuring `args`; the outcome is the same either way.
 */
export function validateRenderInput(args: unknown, source?: JsonSource): RenderInput {
  if (!isPlainObject(args)) {
    throw invalid("arguments", "must be an object with a results array");
  }
  for (const key in args) {
    if (!ARGUMENT_KEYS.has(key)) {
      throw invalid("arguments", "has an unknown field; allowed fields are results and title");
    }
  }
  if (args.title !== undefined) checkText("title", args.title, 1, LIMITS.heading, true);
  const results = args.results;
  if (results === undefined) throw invalid("results", "is required");
  if (!Array.isArray(results)) throw invalid("results", "must be an array");
  if (results.length > LIMITS.results) {
    throw invalid("results", `must have at most ${LIMITS.results} items`);
  }
  const size: SizeBound = { bytes: 0, numbersGrowth: 0 };
  for (let index = 0; index < results.length; index++) {
    checkResult(results[index], RESULT_PATHS[index], size);
  }
  checkSize(args, source, size);
  return args as unknown as RenderInput;
}

/**
 * Checks the size of `args`, whose every other rule holds: numbers are then only in the
 * metadata, which `size` has walked.
 */
function checkSize(
  args: Record<string, unknown>,
  source: JsonSource | undefined,
  size: SizeBound,
): void {
  const limit = LIMITS.argumentsBytes;
  if (source !== undefined && sourceBoundsJson(source, size.numbersGrowth, limit)) return;
  if (jsonByteLength(args) > limit) throw tooLarge();
}

/** The names of a result and of its fields in error messages. */
interface ResultPaths {
  path: string;
  title: string;
  url: string;
  id: string;
  text: string;
  metadata: string;
}

/** The paths of every result the limit allows, made once rather than for every call. */
const RESULT_PATHS: readonly ResultPaths[] = Array.from({ length: LIMITS.results }, (_, index) => {
  const path = `results[${index}]`;
  const field = (name: string) => `${path}.${name}`;
  return {
    path,
    title: field("title"),
    url: field("url"),
    id: field("id"),
    text: field("text"),
    metadata: field("metadata"),
  };
});

function checkResult(
  value: unknown,
  paths: ResultPaths,
  size: SizeBound,
): asserts value is SourceInput {
  const { path } = paths;
  if (!isPlainObject(value)) throw invalid(path, "must be an object");
  for (const key in value) {
    if (!RESULT_KEYS.has(key)) {
      throw invalid(
        path,
        "has an unknown field; allowed fields are title, url, id, text and metadata",
      );
    }
  }
  if (value.title === undefined) throw invalid(paths.title, "is required");
  checkText(paths.title, value.title, 1, LIMITS.title, true);
  if (value.url === undefined) throw invalid(paths.url, "is required");
  checkUrl(paths.url, value.url);
  if (value.id !== undefined) checkText(paths.id, value.id, 1, LIMITS.id, true);
  if (value.text !== undefined) checkText(paths.text, value.text, 0, LIMITS.text, false);
  if (value.metadata !== undefined) checkMetadata(paths.metadata, value.metadata, size);
}

function checkText(
  path: string,
  value: unknown,
  min: number,
  max: number,
  notBlank: boolean,
): asserts value is string {
  if (typeof value !== "string") throw invalid(path, "must be a string");
  if (value.length < min) throw invalid(path, `must be at least ${min} character long`);
  // A string has at most as many code points as UTF-16 units and at least half as many, so only
  // strings between `max` and `2 * max` units need counting.
  if (value.length > max && (value.length > 2 * max || codePointLength(value) > max)) {
    throw invalid(path, `must be at most ${max.toLocaleString("en-US")} characters`);
  }
  if (notBlank && isBlank(value)) throw invalid(path, "must not be blank");
}

function checkUrl(path: string, value: unknown): asserts value is string {
  checkText(path, value, 1, LIMITS.url, false);
  const problem = urlProblem(value);
  if (problem !== undefined) throw invalid(path, problem);
}

function checkMetadata(path: string, value: unknown, size: SizeBound): void {
  if (!isPlainObject(value)) throw invalid(path, "must be a JSON object");
  switch (walkContainer(value, 1, size)) {
    case "too deep":
      throw invalid(path, `must be nested at most ${LIMITS.metadataDepth} levels deep`);
    case "not JSON":
      throw invalid(
        path,
        "must hold only JSON values: strings, finite numbers, booleans, null, arrays and objects",
      );
    case "too large":
      throw tooLarge();
  }
}

/**
 * Walks the object or array `container` at nesting level `depth` (the depth limit bounds the
 * recursion) and adds a lower bound of its JSON bytes to `size`: a string takes at least one byte
 * per UTF-16 unit plus its quotes, a key also its colon, a container its brackets, any other value
 * at least one byte.
 */
function walkContainer(container: object, depth: number, size: SizeBound): MetadataProblem {
  if (depth > LIMITS.metadataDepth) return "too deep";
  size.bytes += 2;
  if (Array.isArray(container)) {
    for (let i = 0; i < container.length; i++) {
      const problem = walkValue(container[i], depth, size);
      if (problem !== undefined) return problem;
    }
  } else {
    for (const key in container) {
      size.bytes += key.length + 3;
      const problem = walkValue((container as Record<string, unknown>)[key], depth, size);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}

function walkValue(value: unknown, depth: number, size: SizeBound): MetadataProblem {
  switch (typeof value) {
    case "string":
      size.bytes += value.length + 2;
      break;
    case "number":
      if (!Number.isFinite(value)) return "not JSON";
      size.bytes += 1;
      size.numbersGrowth += String(value).length - 1;
      break;
    case "boolean":
      size.bytes += 4;
      break;
    case "object": {
      if (value === null) {
        size.bytes += 4;
        break;
      }
      if (!Array.isArray(value) && !isPlainObject(value)) return "not JSON";
      const problem = walkContainer(value, depth + 1, size);
      if (problem !== undefined) return problem;
      break;
    }
    default:
      // `undefined` (also an array hole), functions, symbols and bigints.
      return "not JSON";
  }
  return size.bytes > LIMITS.argumentsBytes ? "too large" : undefined;
}

/** Counts the Unicode code points of `value`, the way JSON Schema measures string length. */
function codePointLength(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    // A high surrogate followed by a low surrogate is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

function tooLarge(): InvalidParamsError {
  return invalid(
    "arguments",
    `must be at most ${LIMITS.argumentsBytes.toLocaleString("en-US")} bytes as UTF-8 JSON`,
  );
}

function invalid(path: string, rule: string): InvalidParamsError {
  return new InvalidParamsError(`Invalid ${path}: ${rule}.`);
}
