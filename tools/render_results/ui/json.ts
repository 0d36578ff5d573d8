/**
 * What the view reads from the host (messages, runtime globals): objects of unknown shape.
 *
 * @module
 */

/** An object whose fields are still to be checked. */
export type Json = Record<string, unknown>;

/** Whether `value` is an object (not null, not an array), whose fields may then be read. */
export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
