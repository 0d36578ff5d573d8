/**
 * The request head (RFC 9112 sections 2 to 7): the request line, the field lines and what they
 * say about framing, `Host`, keep-alive and `Expect`, checked to the letter. What could be read
 * two ways (a body length stated twice, `Transfer-Encoding` where it cannot be) is refused.
 * @module
 */

import { isHostValue, parseTarget, type Target } from "./request_target.ts";
import { FIELD_VCHAR, HttpError, isToken, listElements, trimOws } from "./syntax.ts";

/** The methods handed to the application; other tokens get 501. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"]);
const VERSION = /^HTTP\/(\d)\.(\d)$/;
const DIGITS = /^[0-9]+$/;

/** How the body of a request is delimited. */
export type Framing = { length: number; chunked?: never } | { chunked: true; length?: never };

/** The parsed head of one request. */
export interface RequestHead {
  method: string;
  target: Target;
  /** `1` for HTTP/1.1, `0` for HTTP/1.0. */
  minorVersion: number;
  /** The fields as received (names as sent), `Host` replaced by an absolute-form's authority. */
  headers: [string, string][];
  framing: Framing;
  /** Whether the client wants the connection kept after the answer. */
  keepAlive: boolean;
  /** Whether the client waits for `100 Continue` before sending its body (HTTP/1.1 only). */
  expectsContinue: boolean;
}

/** Parses the head `lines` (split at CRLF, the empty last line left out) under `maxBodyBytes`. */
export function parseHead(lines: string[], maxBodyBytes: number): RequestHead {
  const [method, rawTarget, version, extra] = lines[0].split(" ");
  if (extra !== undefined || version === undefined || !isToken(method)) {
    throw new HttpError(400, "Bad request: the request line is malformed.");
  }
  const versionMatch = VERSION.exec(version);
  if (versionMatch === null) {
    throw new HttpError(400, "Bad request: the HTTP version is malformed.");
  }
  if (versionMatch[1] !== "1" || (versionMatch[2] !== "1" && versionMatch[2] !== "0")) {
    throw new HttpError(505, "HTTP version not supported: use HTTP/1.1.");
  }
  const minorVersion = Number(versionMatch[2]);
  if (!SERVED_METHODS.has(method)) {
    throw new HttpError(501, "Not implemented: the method is not supported by this server.");
  }
  const target = parseTarget(method, rawTarget);
  const fields = parseFields(lines);
  const framing = framingOf(fields, minorVersion, maxBodyBytes);
  const headers = withHost(fields.headers, fields.hosts, target, minorVersion);
  const connection = fields.connection.map((token) => token.toLowerCase());
  const keepAlive = !connection.includes("close") &&
    (minorVersion === 1 || connection.includes("keep-alive"));
  let expectsContinue = false;
  if (minorVersion === 1 && fields.expect !== undefined) {
    if (fields.expect.toLowerCase() !== "100-continue") {
      throw new HttpError(417, "Expectation failed: the only expectation met is 100-continue.");
    }
    expectsContinue = true;
  }
  return { method, target, minorVersion, headers, framing, keepAlive, expectsContinue };
}

interface Fields {
  headers: [string, string][];
  contentLength: string[];
  transferEncoding: string[];
  hosts: string[];
  connection: string[];
  expect?: string;
}

function parseFields(lines: string[]): Fields {
  const fields: Fields = {
    headers: [],
    contentLength: [],
    transferEncoding: [],
    hosts: [],
    connection: [],
  };
  for (let i = 1; i < lines.length; i++) {
    const [name, value] = parseFieldLine(lines[i]);
    fields.headers.push([name, value]);
    const lower = name.toLowerCase();
    if (lower === "content-length") fields.contentLength.push(value);
    else if (lower === "transfer-encoding") fields.transferEncoding.push(value);
    else if (lower === "host") fields.hosts.push(value);
    else if (lower === "connection") fields.connection.push(...listElements(value));
    else if (lower === "expect") {
      fields.expect = fields.expect ? `${fields.expect},${value}` : value;
    }
  }
  return fields;
}

/**
 * One `field-name ":" OWS field-value OWS` line: a token name right before the colon, a value
 * of visible characters, SP, HTAB and obs-text. A line folded onto the one before (obs-fold)
 * is refused.
 */
export function parseFieldLine(line: string): [string, string] {
  const colon = line.indexOf(":");
  const name = line.slice(0, colon);
  if (colon <= 0 || !isToken(name)) {
    throw new HttpError(400, "Bad request: a header field line is malformed.");
  }
  for (let i = colon + 1; i < line.length; i++) {
    if (!FIELD_VCHAR[line.charCodeAt(i)]) {
      throw new HttpError(400, "Bad request: a header field value has a control character.");
    }
  }
  return [name, trimOws(line.slice(colon + 1))];
}

function framingOf(fields: Fields, minorVersion: number, maxBodyBytes: number): Framing {
  if (fields.transferEncoding.length > 0) {
    // Both, or a coding an HTTP/1.0 recipient may not know: the framing is ambiguous.
    if (fields.contentLength.length > 0) {
      throw new HttpError(400, "Bad request: both Content-Length and Transfer-Encoding.");
    }
    if (minorVersion === 0) {
      throw new HttpError(400, "Bad request: Transfer-Encoding is not allowed on HTTP/1.0.");
    }
    const codings = fields.transferEncoding.flatMap(listElements).map((c) => c.toLowerCase());
    if (!codings.every(isToken) || codings.length === 0) {
      throw new HttpError(400, "Bad request: Transfer-Encoding is malformed.");
    }
    const chunkedAt = codings.indexOf("chunked");
    if (chunkedAt !== -1 && chunkedAt !== codings.length - 1) {
      throw new HttpError(400, "Bad request: Transfer-Encoding must end with chunked, once.");
    }
    if (codings.length !== 1 || chunkedAt !== 0) {
      throw new HttpError(501, "Not implemented: the only transfer coding is chunked.");
    }
    return { chunked: true };
  }
  if (fields.contentLength.length === 0) return { length: 0 };
  const values = fields.contentLength.flatMap((value) => value.split(",").map(trimOws));
  if (!values.every((value) => DIGITS.test(value) && value === values[0])) {
    throw new HttpError(400, "Bad request: Content-Length must be one decimal number.");
  }
  const digits = values[0].replace(/^0+(?=\d)/, "");
  if (digits.length > 15 || Number(digits) > maxBodyBytes) {
    throw new HttpError(
      413,
      `Request body too large: the limit is ${maxBodyBytes.toLocaleString("en-US")} bytes.`,
    );
  }
  return { length: Number(digits) };
}

/** The headers with `Host` checked, and set to an absolute-form target's authority. */
function withHost(
  headers: [string, string][],
  hosts: string[],
  target: Target,
  minorVersion: number,
): [string, string][] {
  if (hosts.length > 1 || (hosts.length === 0 && minorVersion === 1)) {
    throw new HttpError(400, "Bad request: an HTTP/1.1 request needs exactly one Host.");
  }
  if (hosts.length === 1 && !isHostValue(hosts[0])) {
    throw new HttpError(400, "Bad request: the Host header is malformed.");
  }
  if (target.authority === undefined) return headers;
  // RFC 9112 section 3.2.2: the target's authority, not the Host sent, names the host.
  const others = headers.filter(([name]) => name.toLowerCase() !== "host");
  return [["Host", target.authority], ...others];
}
