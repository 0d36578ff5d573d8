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
