/**
 * The nearest-rank percentile of `values` (not necessarily sorted): the smallest value such that at least p% of the
 * values are at or below it, i.e. the ⌈p/100 · n⌉-th smallest. It is always one of the observed durations (no
 * interpolation), so a p95 of 20 samples is the 19th smallest and a p99 of fewer than 100 samples is the largest.
 * Undefined for no values.
 */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  // p · n / 100 rather than p / 100 · n: 0.95 · 60 is 57.00000000000001 in floating point, and its ceiling 58.
  const rank = Math.max(1, Math.ceil((p * sorted.length) / 100));
  return sorted[Math.min(rank, sorted.length) - 1];
}
