import { randomBytes } from 'node:crypto';
import { MONITOR_DEFAULT_INTERVAL_MINUTES } from '@mcptest/core';
import { invalidateBadges } from '@mcptest/redis';
import { ApiError } from '@/server/api/api-error';
import { recordAudit } from '@/server/services/record-audit';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getServerMonitor, monitorLimits } from './get-server-monitor';
import type { MonitorResource, PutMonitorRequest } from './monitor-schemas';

/**
 * Turns a server's uptime monitor on or off and sets its interval, creating it the first time (with its public badge
 * key). The interval may not be below the plan's `minMonitorIntervalMinutes` and the tenant's enabled monitors may
 * not pass `maxMonitors` (`validation_failed` and `quota_exceeded`; nothing changes). Enabling, or changing the interval, makes the
 * monitor due now, so the page shows a first result within seconds; its later checks fall on its own slot.
 */
export async function updateServerMonitor(
  deps: Pick<ServiceDeps, 'db' | 'plans' | 'appUrl' | 'now' | 'redis' | 'prefix'>,
  actor: Actor,
  serverId: string,
  input: PutMonitorRequest,
): Promise<MonitorResource> {
  await getServerOrThrow(deps, actor, serverId);
  const db = deps.db.tenant(actor.tenantId);
  const limits = await monitorLimits(deps, actor.tenantId);
  const existing = await db.monitor.findFirst({ where: { serverId } });
  const intervalMinutes =
    input.intervalMinutes ??
    existing?.intervalMinutes ??
    Math.max(MONITOR_DEFAULT_INTERVAL_MINUTES, limits.minIntervalMinutes);
  if (intervalMinutes < limits.minIntervalMinutes) {
    throw new ApiError(
      'validation_failed',
      `intervalMinutes: the plan allows monitor intervals of ${limits.minIntervalMinutes} minutes or more`,
    );
  }
  if (input.enabled && !existing?.enabled) {
    const enabled = await db.monitor.count({ where: { enabled: true } });
    if (enabled >= limits.maxMonitors) {
      throw new ApiError('quota_exceeded', `the plan allows ${limits.maxMonitors} enabled monitors`);
    }
  }
  const now = deps.now();
  const dueNow = input.enabled && (!existing?.enabled || existing.intervalMinutes !== intervalMinutes);
  if (existing) {
    await db.monitor.updateMany({
      where: { id: existing.id },
      data: { enabled: input.enabled, intervalMinutes, ...(dueNow ? { nextCheckAt: now } : {}) },
    });
    // `paused` on the badge at once when disabled (and back when enabled).
    await invalidateBadges(deps.redis, deps.prefix, { monitorId: existing.id }).catch(() => undefined);
  } else {
    await db.monitor.create({
      data: {
        tenantId: actor.tenantId,
        serverId,
        enabled: input.enabled,
        intervalMinutes,
        nextCheckAt: now,
        badgeKey: randomBytes(24).toString('base64url'),
      },
    });
  }
  await recordAudit(db, actor, {
    action: 'server.monitor',
    targetType: 'server',
    targetId: serverId,
    metadata: { enabled: input.enabled, intervalMinutes },
  });
  return getServerMonitor(deps, actor, serverId);
}
