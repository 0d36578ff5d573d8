/**
 * Field lines (RFC 9112 section 5, RFC 9110 section 5): a token name right before the colon,
 * optional whitespace of SP and HTAB only, a value without control characters but HTAB; and the
 * fields of a head that decide how it is read.
 * @module
 */

import { FIELD_VCHAR, HttpError, isToken, listElements, trimOws } from "./syntax.ts";

/** The fields of a head: all of them, and the values of those the listener reads. */
export interface Fields {
  headers: [string, string][];
  contentLength: string[];
  transferEncoding: string[];
  hosts: string[];
  connection: string[];
  expect?: string;
}

/** Indexed by length: whether a name that long may be one of the fields gathered. */
const GATHERED_LENGTHS: boolean[] = [];
for (const name of ["content-length", "transfer-encoding", "host", "connection", "expect"]) {
  GATHERED_LENGTHS[name.length] = true;
}

/** The field lines of a head, `lines[1..]` (the request line is `lines[0]`). */
export function parseFields(lines: string[]): Fields {
  const fields: Fields = {
    headers: [],
    contentLength: [],
    transferEncoding: [],
    hosts: [],
    connection: [],
  };
  for (let i = 1; i < lines.length; i++) {
    const field = parseFieldLine(lines[i]);
    fields.headers.push(field);
    const [name, value] = field;
    // Only a name of one of these lengths can be one of them: the others are not lowercased.
    if (!GATHERED_LENGTHS[name.length]) continue;
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
