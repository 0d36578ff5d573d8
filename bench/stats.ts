/**
 * Small statistics for the report.
 * @module
 */

/** The median of `values` (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = values.toSorted((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
