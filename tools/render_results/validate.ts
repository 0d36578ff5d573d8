/**
 * Strict validation of `render_results` arguments: the JSON Schema's shape plus the runtime rules
 * the schema cannot express. Messages name the field and the rule, never the submitted value.
 * @module
 */

import { Buffer } from "node:buffer";
import { isBlank } from "./blank.ts";
import type { RenderInput, SourceInput } from "./types.ts";

/** The JSON-RPC error code for invalid params. */
export const INVALID_PARAMS = -32602;

/** Limits of the arguments; `input.schema.json` states the same numbers. */
const LIMITS = {
  results: 50,
  heading: 120,
  title: 300,
  url: 2048,
  id: 2048,
  text: 2000,
  argumentsBytes: 65536,
} as const;

/** Invalid tool arguments: sent to the client as a JSON-RPC -32602 error with this message. */
export class InvalidArgumentsError extends Error {
  /** The JSON-RPC error code. */
  readonly code = INVALID_PARAMS;

  constructor(message: string) {
    super(message);
    this.name = "InvalidArgumentsError";
  }
}

const ARGUMENT_KEYS = new Set(["results", "title"]);
const RESULT_KEYS = new Set(["title", "url", "id", "text", "metadata"]);
// Whitespace and the C0, DEL and C1 control characters: the URL parser would silently drop some.
// deno-lint-ignore no-control-regex
const URL_FORBIDDEN = /[\s\u0000-\u001F\u007F-\u009F]/u;
const URL_SCHEME = /^https?:\/\//i;

/** Checks `args` against every rule of `render_results` and returns it typed, or throws. */
export function validateRenderInput(args: unknown): RenderInput {
  if (!isPlainObject(args)) {
    throw invalid("arguments", "must be an object with a results array");
  }
  checkSize(args);
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
  for (let index = 0; index < results.length; index++) {
    checkResult(results[index], `results[${index}]`);
  }
  return args as unknown as RenderInput;
}

function checkSize(args: Record<string, unknown>): void {
  // `Buffer.byteLength` counts the UTF-8 bytes without encoding them: `TextEncoder` took as long
  // as `JSON.stringify` itself on text with non-Latin-1 characters. The JSON text has no lone
  // surrogates (`JSON.stringify` escapes them), so the count is exact.
  if (Buffer.byteLength(JSON.stringify(args), "utf8") > LIMITS.argumentsBytes) {
    throw invalid(
      "arguments",
      `must be at most ${LIMITS.argumentsBytes.toLocaleString("en-US")} bytes as UTF-8 JSON`,
    );
  }
}

function checkResult(value: unknown, path: string): asserts value is SourceInput {
  if (!isPlainObject(value)) throw invalid(path, "must be an object");
  for (const key in value) {
    if (!RESULT_KEYS.has(key)) {
      throw invalid(
        path,
        "has an unknown field; allowed fields are title, url, id, text and metadata",
      );
    }
  }
  if (value.title === undefined) throw invalid(`${path}.title`, "is required");
  checkText(`${path}.title`, value.title, 1, LIMITS.title, true);
  if (value.url === undefined) throw invalid(`${path}.url`, "is required");
  checkUrl(`${path}.url`, value.url);
  if (value.id !== undefined) checkText(`${path}.id`, value.id, 1, LIMITS.id, true);
  if (value.text !== undefined) checkText(`${path}.text`, value.text, 0, LIMITS.text, false);
  if (value.metadata !== undefined && !isPlainObject(value.metadata)) {
    throw invalid(`${path}.metadata`, "must be a JSON object");
  }
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
  // A string never has more code points than UTF-16 units, so only long ones need counting.
  if (value.length > max && codePointLength(value) > max) {
    throw invalid(path, `must be at most ${max.toLocaleString("en-US")} characters`);
  }
  if (notBlank && isBlank(value)) throw invalid(path, "must not be blank");
}

function checkUrl(path: string, value: unknown): asserts value is string {
  checkText(path, value, 1, LIMITS.url, false);
  if (URL_FORBIDDEN.test(value)) {
    throw invalid(path, "must not contain whitespace or control characters");
  }
  if (!URL_SCHEME.test(value)) throw invalid(path, "must be an absolute http or https URL");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(path, "must be an absolute http or https URL");
  }
  if (url.hostname === "") throw invalid(path, "must have a host name");
  if (url.username !== "" || url.password !== "") {
    throw invalid(path, "must not contain a username or password");
  }
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(path: string, rule: string): InvalidArgumentsError {
  return new InvalidArgumentsError(`Invalid ${path}: ${rule}.`);
}
