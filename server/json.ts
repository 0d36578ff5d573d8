/**
 * What the server asks of parsed JSON-RPC messages.
 * @module
 */

/**
 * Whether `value`, parsed from JSON, is an object: not null, not an array. `JSON.parse` makes no
 * other kind of object, so nothing more needs ruling out.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The longest string `JSON.stringify` is given at once here: it reserves six characters of
 * output for each of a string's, outside the JS heap, so a longer one reserves 64 KiB or more.
 */
const MAX_STRING_PIECE = 4096;

/**
 * The text `JSON.stringify(value)` gives, made so that no string longer than
 * {@linkcode MAX_STRING_PIECE} is given to it at once: a long string is escaped in pieces and
 * joined, and the arrays and plain objects that hold one are written member by member. Under
 * the threshold the server's start sets, glibc maps memory of its own for each reservation of
 * 64 KiB or more, and unmaps it after: for a 50-result answer, whose text list is one long string,
 * that was a mapping made and undone per answer.
 */
export function stringifyInPieces(value: unknown): string | undefined {
  if (!holdsLongString(value)) return JSON.stringify(value);
  const parts: string[] = [];
  writeInPieces(value, parts);
  // One join at the end: joins at every level would copy the text once a level.
  return parts.join("");
}

/** Pushes the JSON text of `value`, which holds a long string, to `parts`. */
function writeInPieces(value: unknown, parts: string[]): void {
  if (typeof value === "string") return writeLongString(value, parts);
  if (Array.isArray(value)) {
    parts.push("[");
    for (let i = 0; i < value.length; i++) {
      if (i > 0) parts.push(",");
      writeMember(value[i], parts, "null");
    }
    parts.push("]");
    return;
  }
  parts.push("{");
  let separator = "";
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    const written = parts.length;
    parts.push(`${separator}${JSON.stringify(key)}:`);
    if (writeMember(member, parts)) separator = ",";
    else parts.length = written;
  }
  parts.push("}");
}

/**
 * Pushes the JSON text of `member` to `parts`, or `absent` when JSON has none for it (as for
 * `undefined`); whether anything was pushed.
 */
function writeMember(member: unknown, parts: string[], absent?: string): boolean {
  if (holdsLongString(member)) {
    writeInPieces(member, parts);
    return true;
  }
  const text = JSON.stringify(member) ?? absent;
  if (text === undefined) return false;
  parts.push(text);
  return true;
}

/** Pushes `JSON.stringify(value)` of a string to `parts`, escaped piece by piece. */
function writeLongString(value: string, parts: string[]): void {
  parts.push('"');
  for (let start = 0; start < value.length;) {
    let end = Math.min(start + MAX_STRING_PIECE, value.length);
    // A surrogate pair stays in one piece: apart, each half would be escaped on its own.
    const last = value.charCodeAt(end - 1);
    if (end < value.length && last >= 0xd800 && last <= 0xdbff) end--;
    parts.push(JSON.stringify(value.slice(start, end)).slice(1, -1));
    start = end;
  }
  parts.push('"');
}

/**
 * Whether `value` is a string longer than {@linkcode MAX_STRING_PIECE}, or an array or a plain
 * object (one `JSON.stringify` writes member by member) that holds one at any depth.
 */
function holdsLongString(value: unknown): boolean {
  if (typeof value === "string") return value.length > MAX_STRING_PIECE;
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsLongString);
  const prototype = Object.getPrototypeOf(value);
  if ((prototype !== Object.prototype && prototype !== null) || "toJSON" in value) return false;
  for (const key in value) {
    if (holdsLongString((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}
