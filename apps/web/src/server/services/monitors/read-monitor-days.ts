import type { MonitorDayRow } from '@mcptest/core';
import type { TenantDb } from '@mcptest/db';

/** A monitor's MonitorDay rows of the last `days` UTC days ending today, as core's uptime bar reads them. */
export async function readMonitorDays(
  db: TenantDb,
  monitorId: string,
  now: Date,
  days: number,
): Promise<MonitorDayRow[]> {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const rows = await db.monitorDay.findMany({
    where: { monitorId, day: { gte: first } },
    orderBy: { day: 'asc' },
    select: {
      day: true,
      checks: true,
      failures: true,
      latencySumMs: true,
      latencyMaxMs: true,
      latencyBuckets: true,
    },
  });
  return rows.map((row) => ({
    day: row.day.toISOString().slice(0, 10),
    checks: row.checks,
    failures: row.failures,
    latencySumMs: Number(row.latencySumMs),
    latencyMaxMs: row.latencyMaxMs,
    latencyBuckets: row.latencyBuckets,
  }));
}
