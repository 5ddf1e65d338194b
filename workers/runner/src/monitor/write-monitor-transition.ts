import { buildMonitorWebhookBody, MONITOR_DOWN_EVENT, MONITOR_UP_EVENT } from '@mcptest/core';
import { createEventDeliveries, type ClaimedMonitor, type MonitorCheckRecord } from '@mcptest/db';
import { enqueueWebhookDeliveries, invalidateBadges } from '@mcptest/redis';
import type { WorkerDeps } from '../worker-deps';

export interface MonitorTransitionInput {
  monitor: ClaimedMonitor;
  server: { id: string; projectId: string; name: string };
  transition: 'down' | 'up';
  record: MonitorCheckRecord;
}

/**
 * A monitor turning DOWN or UP, in one transaction of its tenant: the Monitor row, the incident (opened at the first
 * failure of the two that confirmed it, or closed), and the `monitor.down` / `monitor.up` delivery rows
 * (createEventDeliveries, the one writer of raised events' rows); their jobs are queued after the commit, and the
 * reconciler's delivery sweep queues any a crash left. Returns the deliveries created.
 */
export async function writeMonitorTransition(
  deps: Pick<WorkerDeps, 'db' | 'queues' | 'redis' | 'prefix' | 'logger'>,
  input: MonitorTransitionInput,
): Promise<number> {
  const { monitor, server, record } = input;
  const db = deps.db.tenant(monitor.tenantId);
  const deliveryIds = await db.transaction(async (tx) => {
    await tx.monitor.updateMany({
      where: { id: monitor.id },
      data: {
        state: record.state,
        consecutiveFailures: record.consecutiveFailures,
        stateChangedAt: record.checkedAt,
        lastCheckedAt: record.checkedAt,
        nextCheckAt: record.nextCheckAt,
        lastError: record.error,
        ...(record.latencyMs === null ? {} : { lastLatencyMs: record.latencyMs }),
      },
    });
    let incident;
    if (input.transition === 'down') {
      incident = await tx.monitorIncident.create({
        data: {
          tenantId: monitor.tenantId,
          monitorId: monitor.id,
          startedAt: monitor.lastCheckedAt ?? record.checkedAt,
          reason: record.error ?? 'the check failed',
        },
      });
    } else {
      const open = await tx.monitorIncident.findFirst({
        where: { monitorId: monitor.id, endedAt: null },
        orderBy: { startedAt: 'desc' },
      });
      incident = open
        ? await tx.monitorIncident.update({ where: { id: open.id }, data: { endedAt: record.checkedAt } })
        : // DOWN with no open incident (deleted by hand): the recovery still says so, with an empty incident.
          { id: '', startedAt: record.checkedAt, endedAt: record.checkedAt, reason: '' };
    }
    const body = buildMonitorWebhookBody({
      event: input.transition === 'down' ? MONITOR_DOWN_EVENT : MONITOR_UP_EVENT,
      monitor: { id: monitor.id, intervalMinutes: monitor.intervalMinutes },
      server,
      incident,
      check: { at: record.checkedAt, latencyMs: record.latencyMs, error: record.error },
    });
    return createEventDeliveries(tx, {
      tenantId: monitor.tenantId,
      projectId: server.projectId,
      events: [{ event: body.type, body }],
    });
  });
  await enqueueWebhookDeliveries(deps.queues, monitor.tenantId, deliveryIds);
  // The uptime badge says `down` at once; a Redis failure leaves it to the cache's TTL.
  await invalidateBadges(deps.redis, deps.prefix, { monitorId: monitor.id }).catch((error: Error) =>
    deps.logger.warn({ monitorId: monitor.id, error: error.message }, 'uptime badge not invalidated'),
  );
  return deliveryIds.length;
}
