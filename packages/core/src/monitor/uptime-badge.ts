import type { BadgeData } from '../report/badge';
import type { MonitorStateName } from './decide-monitor-check';
import { MONITOR_DEGRADED_PERCENT, MONITOR_UP_PERCENT } from './uptime-bar';

/** Days the uptime badge's percentage covers. */
export const UPTIME_BADGE_DAYS = 30;

/**
 * The public uptime badge (docs/badges.md): `down` in red while the monitor is DOWN; otherwise the availability of the
 * last UPTIME_BADGE_DAYS days, green from MONITOR_UP_PERCENT, yellow from MONITOR_DEGRADED_PERCENT, orange below;
 * `paused` for a disabled monitor and `no data` before its first check.
 */
export function makeUptimeBadgeData(
  input: { enabled: boolean; state: MonitorStateName; availability: number | null },
  label = 'uptime',
): BadgeData {
  const badge = (message: string, color: BadgeData['color']): BadgeData => ({
    schemaVersion: 1,
    label,
    message,
    color,
  });
  if (!input.enabled) return badge('paused', 'lightgrey');
  if (input.state === 'DOWN') return badge('down', 'red');
  if (input.availability === null) return badge('no data', 'lightgrey');
  const message = `${input.availability}%`;
  if (input.availability >= MONITOR_UP_PERCENT) return badge(message, 'brightgreen');
  if (input.availability >= MONITOR_DEGRADED_PERCENT) return badge(message, 'yellow');
  return badge(message, 'orange');
}
