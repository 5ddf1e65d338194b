import { approximateMonitorPercentile } from './monitor-latency';

/** One MonitorDay as read back (day as `YYYY-MM-DD`, UTC). */
export interface MonitorDayRow {
  day: string;
  checks: number;
  failures: number;
  latencySumMs: number;
  latencyMaxMs: number;
  latencyBuckets: readonly number[];
}

/** Availability at or above this is a green day; at or above MONITOR_DEGRADED_PERCENT a yellow one; below, red. */
export const MONITOR_UP_PERCENT = 99.9;
export const MONITOR_DEGRADED_PERCENT = 95;

export interface UptimeCell {
  day: string;
  checks: number;
  /** Successful checks / checks, in percent; null on a day without checks. */
  availability: number | null;
  level: 'none' | 'up' | 'degraded' | 'down';
  /** Mean and approximate p95 of the day's successful handshakes; null without any. */
  meanLatencyMs: number | null;
  p95LatencyMs: number | null;
}

export interface UptimeBar {
  cells: UptimeCell[];
  /** Over every check of the window; null when there was none. */
  availability: number | null;
  checks: number;
  failures: number;
}

const DAY_MS = 86_400_000;

export function uptimeLevel(availability: number | null): UptimeCell['level'] {
  if (availability === null) return 'none';
  if (availability >= MONITOR_UP_PERCENT) return 'up';
  if (availability >= MONITOR_DEGRADED_PERCENT) return 'degraded';
  return 'down';
}

/** Percent with two decimals at most, rounded down so 99.999% does not show as 100%. */
function percent(ok: number, total: number): number {
  return Math.floor((ok / total) * 10_000) / 100;
}

/**
 * The uptime bar of the last `days` UTC days ending with `today`'s: one cell per day, oldest first, days without
 * checks included (`none`), and the window's availability. The server page draws it and the uptime badge reads the total.
 */
export function buildUptimeBar(rows: readonly MonitorDayRow[], today: Date, days = 90): UptimeBar {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const last = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const cells: UptimeCell[] = [];
  let checks = 0;
  let failures = 0;
  for (let i = days - 1; i >= 0; i -= 1) {
    const day = new Date(last - i * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(day);
    if (!row || row.checks === 0) {
      cells.push({ day, checks: 0, availability: null, level: 'none', meanLatencyMs: null, p95LatencyMs: null });
      continue;
    }
    checks += row.checks;
    failures += row.failures;
    const succeeded = row.checks - row.failures;
    const availability = percent(succeeded, row.checks);
    cells.push({
      day,
      checks: row.checks,
      availability,
      level: uptimeLevel(availability),
      meanLatencyMs: succeeded > 0 ? Math.round(row.latencySumMs / succeeded) : null,
      p95LatencyMs: approximateMonitorPercentile(row.latencyBuckets, 95, row.latencyMaxMs),
    });
  }
  return { cells, availability: checks === 0 ? null : percent(checks - failures, checks), checks, failures };
}
