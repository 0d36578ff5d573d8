/**
 * How a request's body is delimited (RFC 9112 section 6): by `Content-Length`, one decimal
 * number (a list of equal values folds into one), or by `Transfer-Encoding: chunked` on HTTP/1.1
 * only. A request that states both, or that could be read two ways, is refused.
 * @module
 */

import { HttpError, isToken, listElements, trimOws } from "./syntax.ts";

const DIGITS = /^[0-9]+$/;

/** How the body of a request is delimited. */
export type Framing = { length: number; chunked?: never } | { chunked: true; length?: never };

/**
 * The framing the `Content-Length` and `Transfer-Encoding` values state, of a request of
 * HTTP/1.`minorVersion`; 413 when the length is over `maxBodyBytes`.
 */
export function framingOf(
  fields: { contentLength: string[]; transferEncoding: string[] },
  minorVersion: number,
  maxBodyBytes: number,
): Framing {
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
  // What nearly every client sends: one value of a few digits, which reads one way only.
  const [single] = fields.contentLength;
  if (fields.contentLength.length === 1 && single.length <= 15 && isDigits(single)) {
    return { length: bodyLength(single, maxBodyBytes) };
  }
  const values = fields.contentLength.flatMap((value) => value.split(",").map(trimOws));
  if (!values.every((value) => DIGITS.test(value) && value === values[0])) {
    throw new HttpError(400, "Bad request: Content-Length must be one decimal number.");
  }
  return { length: bodyLength(values[0].replace(/^0+(?=\d)/, ""), maxBodyBytes) };
}

/** The length `digits` state; 413 when it is over `maxBodyBytes`. */
function bodyLength(digits: string, maxBodyBytes: number): number {
  if (digits.length > 15 || Number(digits) > maxBodyBytes) {
    throw new HttpError(
      413,
      `Request body too large: the limit is ${maxBodyBytes.toLocaleString("en-US")} bytes.`,
    );
  }
  return Number(digits);
}

/** Whether `text` is one or more ASCII digits. */
function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}
