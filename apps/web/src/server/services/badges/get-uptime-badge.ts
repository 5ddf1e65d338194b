import { buildUptimeBar, UPTIME_BADGE_DAYS } from '@mcptest/core';
import type { BadgeRequest } from './badge-request';
import { serveCachedBadge, type BadgeDeps, type BadgeResult } from './serve-cached-badge';
import { readMonitorDays } from '@/server/services/monitors/read-monitor-days';

/**
 * A server's public uptime badge (`/api/badges/u/<key>.svg|.json`): `down` while its monitor is DOWN, otherwise the
 * availability of the last UPTIME_BADGE_DAYS days (`paused` when disabled, `no data` before its first check); 404 for
 * an unknown key. The key is the monitor's own badge key. A transition invalidates it at once; between transitions the
 * percentage follows within the badge cache's TTL.
 */
export function getUptimeBadge(deps: BadgeDeps & { now: () => Date }, request: BadgeRequest): Promise<BadgeResult> {
  return serveCachedBadge(
    deps,
    {
      kind: 'uptime',
      find: (badgeKey) =>
        // eslint-disable-next-line no-restricted-properties -- a public badge URL names no tenant: the unguessable key is the only credential. Selects ids only; the days are then read through the monitor's tenant scope.
        deps.db.unscoped.monitor.findUnique({
          where: { badgeKey },
          select: { id: true, tenantId: true, enabled: true, state: true },
        }),
      status: async (monitor) => {
        const now = deps.now();
        const days = await readMonitorDays(deps.db.tenant(monitor.tenantId), monitor.id, now, UPTIME_BADGE_DAYS);
        const bar = buildUptimeBar(days, now, UPTIME_BADGE_DAYS);
        return { state: 'uptime', enabled: monitor.enabled, monitor: monitor.state, availability: bar.availability };
      },
    },
    request,
  );
}
