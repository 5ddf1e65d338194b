import { fnv1a } from '../util/fnv1a';

/** A monitor's interval unless its owner sets another (raised to the plan's minMonitorIntervalMinutes). */
export const MONITOR_DEFAULT_INTERVAL_MINUTES = 5;

/** The second check that confirms a failure comes this long after the first (a blip is not an outage). */
export const MONITOR_CONFIRM_DELAY_MS = 30_000;

/** Failed checks in a row before a monitor turns DOWN: the failure and its confirmation. */
export const MONITOR_FAILURES_TO_DOWN = 2;

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
