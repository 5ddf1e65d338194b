import { buildUptimeBar, MONITOR_DEFAULT_INTERVAL_MINUTES, PlanName } from '@mcptest/core';
import { uptimeBadgeUrls } from '@/server/services/badges/badge-urls';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import type { MonitorResource } from './monitor-schemas';
import { readMonitorDays } from './read-monitor-days';

const UPTIME_DAYS = 90;
const INCIDENTS = 20;

/** What a tenant's plan allows of monitors. */
export async function monitorLimits(deps: Pick<ServiceDeps, 'db' | 'plans'>, tenantId: string) {
  const tenant = await deps.db.global.tenant.findUnique({ where: { id: tenantId }, select: { plan: true } });
  const limits = deps.plans[PlanName.parse(tenant?.plan ?? 'FREE')];
  return { maxMonitors: limits.maxMonitors, minIntervalMinutes: limits.minMonitorIntervalMinutes };
}

/**
 * The server's uptime monitor (404 for an unknown server): its state and last check, the 90-day uptime bar from the
 * daily rollups, its latest incidents, the badge URLs and the plan's limits. A server without a monitor answers
 * `configured: false` with the defaults, so the page can offer to enable it.
 */
export async function getServerMonitor(
  deps: Pick<ServiceDeps, 'db' | 'plans' | 'appUrl' | 'now'>,
  actor: Actor,
  serverId: string,
): Promise<MonitorResource> {
  await getServerOrThrow(deps, actor, serverId);
  const db = deps.db.tenant(actor.tenantId);
  const limits = await monitorLimits(deps, actor.tenantId);
  const monitor = await db.monitor.findFirst({ where: { serverId } });
  const now = deps.now();
  const days = monitor ? await readMonitorDays(db, monitor.id, now, UPTIME_DAYS) : [];
  const bar = buildUptimeBar(days, now, UPTIME_DAYS);
  const incidents = monitor
    ? await db.monitorIncident.findMany({
        where: { monitorId: monitor.id },
        orderBy: { startedAt: 'desc' },
        take: INCIDENTS,
      })
    : [];
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  return {
    serverId,
    configured: monitor !== null,
    enabled: monitor?.enabled ?? false,
    intervalMinutes: monitor?.intervalMinutes ?? Math.max(MONITOR_DEFAULT_INTERVAL_MINUTES, limits.minIntervalMinutes),
    state: monitor ? (monitor.state.toLowerCase() as MonitorResource['state']) : 'unknown',
    stateChangedAt: iso(monitor?.stateChangedAt),
    lastCheckedAt: iso(monitor?.lastCheckedAt),
    lastLatencyMs: monitor?.lastLatencyMs ?? null,
    lastError: monitor?.lastError ?? null,
    consecutiveFailures: monitor?.consecutiveFailures ?? 0,
    nextCheckAt: monitor?.enabled ? iso(monitor.nextCheckAt) : null,
    uptime: { availability: bar.availability, checks: bar.checks, failures: bar.failures, days: bar.cells },
    incidents: incidents.map((i) => ({
      id: i.id,
      startedAt: i.startedAt.toISOString(),
      endedAt: iso(i.endedAt),
      reason: i.reason,
    })),
    badge: monitor ? uptimeBadgeUrls(deps.appUrl, monitor.badgeKey) : null,
    limits,
  };
}
