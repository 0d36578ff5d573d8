/**
 * A fast, stable hash of text, for names that must stay the same across loads.
 *
 * @module
 */

/** FNV-1a, 32 bits: a fast, stable hash of `text`. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return value >>> 0;
}
