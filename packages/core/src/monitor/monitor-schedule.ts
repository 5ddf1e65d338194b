/** A monitor's interval unless its owner sets another (raised to the plan's minMonitorIntervalMinutes). */
export const MONITOR_DEFAULT_INTERVAL_MINUTES = 5;

/** The second check that confirms a failure comes this long after the first (a blip is not an outage). */
export const MONITOR_CONFIRM_DELAY_MS = 30_000;

/** Failed checks in a row before a monitor turns DOWN: the failure and its confirmation. */
export const MONITOR_FAILURES_TO_DOWN = 2;

/** FNV-1a (32 bits) of a string: stable across processes and releases, which is all the offset needs. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Where inside each interval a monitor's checks fall: a stable offset from its id, so 10,000 monitors at 5 minutes
 * spread over the 300 s (about 33 checks a second) instead of all firing at :00, and a monitor keeps its slot across
 * restarts and workers.
 */
export function monitorOffsetMs(monitorId: string, intervalMs: number): number {
  return fnv1a(monitorId) % intervalMs;
}

/**
 * The monitor's next slot strictly after `afterMs`: the next `offset + k * interval` (epoch ms). A late or slow check
 * does not shift the slots, so the spread holds however the ticker runs.
 */
export function nextMonitorCheckAt(afterMs: number, intervalMs: number, offsetMs: number): number {
  const k = Math.floor((afterMs - offsetMs) / intervalMs) + 1;
  return offsetMs + k * intervalMs;
}
