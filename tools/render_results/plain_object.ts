/**
 * The plain-object check of values handed to the tool.
 * @module
 */

/**
 * Whether `value` is an object as `JSON.parse` makes it (or one without a prototype): not an
 * array, a date, a map or any other class's instance.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
