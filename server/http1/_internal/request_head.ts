/**
 * The request head (RFC 9112 sections 2 to 7): the request line, the field lines and what they
 * say about framing, `Host`, keep-alive and `Expect`, checked to the letter. What could be read
 * two ways (a body length stated twice, `Transfer-Encoding` where it cannot be) is refused.
 * @module
 */

import { parseFields } from "./field_lines.ts";
import { type Framing, framingOf } from "./framing.ts";
import { parseHost, parseTarget, type Target } from "./request_target.ts";
import type { InputBuffer } from "./input_buffer.ts";
import { HttpError, isToken } from "./syntax.ts";

/** The methods handed to the application; other tokens get 501. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"]);
const VERSION = /^HTTP\/(\d)\.(\d)$/;

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

/** A parsed head and its size in bytes. */
export type ReceivedHead = RequestHead & { headBytes: number };

/**
 * Reads the next head from `input`, at most `maxHeadBytes` long (431 beyond), and parses it;
 * empty lines before it are skipped (RFC 9112 section 2.2).
 */
export async function readHead(
  input: InputBuffer,
  maxHeadBytes: number,
  maxBodyBytes: number,
): Promise<ReceivedHead> {
  const tooLarge = () =>
    new HttpError(
      431,
      `Request header fields too large: the limit is ${
        maxHeadBytes.toLocaleString("en-US")
      } bytes.`,
    );
  const lines = await input.readHead(maxHeadBytes, tooLarge);
  // One byte a character; each line had its CRLF, and the empty last line has one.
  let headBytes = 2;
  for (const line of lines) headBytes += line.length + 2;
  // Set on the parsed head rather than spread into a copy of it.
  return Object.assign(parseHead(lines, maxBodyBytes), { headBytes });
}

/** Parses the head `lines` (split at CRLF, the empty last line left out) under `maxBodyBytes`. */
export function parseHead(lines: string[], maxBodyBytes: number): RequestHead {
  const [method, rawTarget, version, extra] = lines[0].split(" ");
  if (extra !== undefined || version === undefined || !isToken(method)) {
    throw new HttpError(400, "Bad request: the request line is malformed.");
  }
  const minorVersion = version === "HTTP/1.1" ? 1 : minorVersionOf(version);
  if (!SERVED_METHODS.has(method)) {
    throw new HttpError(501, "Not implemented: the method is not supported by this server.");
  }
  const target = parseTarget(method, rawTarget);
  const fields = parseFields(lines);
  const framing = framingOf(fields, minorVersion, maxBodyBytes);
  const headers = withHost(fields.headers, fields.hosts, target, minorVersion);
  let keepAlive = minorVersion === 1;
  for (const token of fields.connection) {
    const option = token.toLowerCase();
    if (option === "close") {
      keepAlive = false;
      break;
    }
    if (option === "keep-alive") keepAlive = true;
  }
  let expectsContinue = false;
  if (minorVersion === 1 && fields.expect !== undefined) {
    if (fields.expect.toLowerCase() !== "100-continue") {
      throw new HttpError(417, "Expectation failed: the only expectation met is 100-continue.");
    }
    expectsContinue = true;
  }
  return { method, target, minorVersion, headers, framing, keepAlive, expectsContinue };
}

/** The minor version of an `HTTP-version` other than `HTTP/1.1`: 0 for HTTP/1.0, else 400 or 505. */
function minorVersionOf(version: string): number {
  const versionMatch = VERSION.exec(version);
  if (versionMatch === null) {
    throw new HttpError(400, "Bad request: the HTTP version is malformed.");
  }
  if (versionMatch[1] !== "1" || (versionMatch[2] !== "1" && versionMatch[2] !== "0")) {
    throw new HttpError(505, "HTTP version not supported: use HTTP/1.1.");
  }
  return Number(versionMatch[2]);
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
  if (hosts.length === 1 && parseHost(hosts[0]) === undefined) {
    throw new HttpError(400, "Bad request: the Host header is malformed.");
  }
  if (target.authority === undefined) return headers;
  // RFC 9112 section 3.2.2: the target's authority, not the Host sent, names the host.
  const others = headers.filter(([name]) => name.toLowerCase() !== "host");
  return [["Host", target.authority], ...others];
}
