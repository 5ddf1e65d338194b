/**
 * Upper bounds (ms) of the latency buckets a MonitorDay counts handshakes in; one more bucket holds everything above
 * the last. Fixed, so days add up and a p95 can be read back to within a bucket without storing each check.
 */
export const MONITOR_LATENCY_BUCKETS_MS = [50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000] as const;

/** Buckets in a MonitorDay row: one per bound and the open-ended one. */
export const MONITOR_LATENCY_BUCKET_COUNT = MONITOR_LATENCY_BUCKETS_MS.length + 1;

/** The bucket a latency falls in (a latency equal to a bound is in that bound's bucket). */
export function monitorLatencyBucket(latencyMs: number): number {
  const index = MONITOR_LATENCY_BUCKETS_MS.findIndex((bound) => latencyMs <= bound);
  return index === -1 ? MONITOR_LATENCY_BUCKETS_MS.length : index;
}

/** `buckets` with one more latency counted (a new array of MONITOR_LATENCY_BUCKET_COUNT). */
export function addMonitorLatency(buckets: readonly number[], latencyMs: number): number[] {
  const next = Array.from({ length: MONITOR_LATENCY_BUCKET_COUNT }, (_, i) => buckets[i] ?? 0);
  next[monitorLatencyBucket(latencyMs)]! += 1;
  return next;
}

/**
 * An upper estimate of the `p`-th percentile (0 < p <= 100) from bucket counts: the bound of the bucket holding it, or
 * `maxMs` for the open-ended bucket (and never above `maxMs`). Null when nothing was counted.
 */
export function approximateMonitorPercentile(buckets: readonly number[], p: number, maxMs: number): number | null {
  const total = buckets.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let i = 0; i < buckets.length; i += 1) {
    seen += buckets[i] ?? 0;
    if (seen >= rank) return Math.min(MONITOR_LATENCY_BUCKETS_MS[i] ?? maxMs, maxMs);
  }
  return maxMs;
}
