/**
 * The character classes of HTTP/1.1 (RFC 9110 section 5.6, RFC 9112) and RFC 3986, as byte
 * tests, and the one error every parsing step throws.
 * @module
 */

/** A request the client sent wrongly: answered with `status`, then the connection is closed. */
export class HttpError extends Error {
  /**
   * The status to answer, the message to send with it (never the client's bytes) and header
   * lines to add (each ending in CRLF).
   */
  constructor(readonly status: number, message: string, readonly extraHeaders = "") {
    super(message);
  }
}

/** Byte-indexed table of the characters `chars` and the ranges `ranges` (inclusive). */
function table(chars: string, ...ranges: [number, number][]): Uint8Array {
  const bytes = new Uint8Array(256);
  for (const char of chars) bytes[char.charCodeAt(0)] = 1;
  for (const [from, to] of ranges) bytes.fill(1, from, to + 1);
  return bytes;
}

const ALPHA_DIGIT: [number, number][] = [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]];
/** `tchar`: the characters of a token (methods, field names, codings). */
export const TCHAR = table("!#$%&'*+-.^_`|~", ...ALPHA_DIGIT);
/** A field value's characters: visible ASCII, SP, HTAB and obs-text; no other control. */
export const FIELD_VCHAR = table("\t ", [0x21, 0x7e], [0x80, 0xff]);
/** `pchar` without `%` (checked with its two hex digits), plus `/` and `?` for targets. */
export const TARGET_CHAR = table("-._~!$&'()*+,;=:@/?", ...ALPHA_DIGIT);
/** `reg-name` characters without `%`: unreserved and sub-delims. */
export const REG_NAME_CHAR = table("-._~!$&'()*+,;=", ...ALPHA_DIGIT);
/** Hexadecimal digits. */
export const HEXDIG = table("", [0x30, 0x39], [0x41, 0x46], [0x61, 0x66]);
/** `qdtext`: the characters of a quoted string besides `\` escapes. */
export const QDTEXT = table("\t !", [0x23, 0x5b], [0x5d, 0x7e], [0x80, 0xff]);

/** Whether `text` is a non-empty token. */
export function isToken(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!TCHAR[text.charCodeAt(i)]) return false;
  return true;
}

/** `text` without the optional whitespace (SP and HTAB only) at either end. */
export function trimOws(text: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && isOws(text.charCodeAt(from))) from++;
  while (to > from && isOws(text.charCodeAt(to - 1))) to--;
  return text.slice(from, to);
}

function isOws(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** The elements of a comma-separated list (RFC 9110 section 5.6.1), empty ones left out. */
export function listElements(value: string): string[] {
  return value.split(",").map(trimOws).filter((element) => element !== "");
}

/**
 * Whether `text` is made of characters `allowed` and `%` escapes of two hex digits
 * (RFC 3986 `pct-encoded`).
 */
export function isPercentEncodedOf(text: string, allowed: Uint8Array): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25) {
      if (!HEXDIG[text.charCodeAt(i + 1)] || !HEXDIG[text.charCodeAt(i + 2)]) return false;
      i += 2;
    } else if (code > 0xff || !allowed[code]) return false;
  }
  return true;
}

const utf8 = new TextDecoder();
const NOT_ASCII = /[\u0080-\uffff]/;

/** `bytes[from..to]` as a string of one character per byte (ISO-8859-1, not windows-1252). */
export function latin1(bytes: Uint8Array, from: number, to: number): string {
  // Heads are ASCII nearly always, where UTF-8 and ISO-8859-1 agree, and the native decoder is
  // faster than `fromCharCode` there. Any other byte shows in the result as a character beyond
  // ASCII (itself or U+FFFD), and the bytes are decoded again.
  const text = utf8.decode(bytes.subarray(from, to));
  if (text.length === to - from && !NOT_ASCII.test(text)) return text;
  let exact = "";
  for (let i = from; i < to; i += 8192) {
    // `apply` takes the typed array as it is; a spread would iterate it first, at many times
    // the cost.
    const chunk = bytes.subarray(i, Math.min(i + 8192, to));
    exact += String.fromCharCode.apply(null, chunk as unknown as number[]);
  }
  return exact;
}

/**
 * Where the line that starts at `from` ends (after its CRLF) in `bytes[..to]`, or -1 when it is
 * not complete yet; `resumeAt` is where an earlier call stopped looking. A bare LF, or a CR
 * followed by anything but LF, throws 400 at once: CRLF is required everywhere, never guessed.
 */
export function lineEnd(bytes: Uint8Array, from: number, resumeAt: number, to: number): number {
  for (let i = resumeAt; i < to; i++) {
    const byte = bytes[i];
    if (byte === 10) {
      if (i === from || bytes[i - 1] !== 13) throw bareLineEnd();
      return i + 1;
    }
    if (i > from && bytes[i - 1] === 13) throw bareLineEnd();
  }
  return -1;
}

function bareLineEnd(): HttpError {
  return new HttpError(400, "Bad request: lines must end in CRLF.");
}
