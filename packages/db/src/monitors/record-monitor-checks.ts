import { addMonitorLatency, MONITOR_LATENCY_BUCKET_COUNT } from '@mcptest/core';
import type { Database } from '../database';

/** One finished check and what it leaves on its monitor. */
export interface MonitorCheckRecord {
  monitorId: string;
  tenantId: string;
  checkedAt: Date;
  ok: boolean;
  /** Handshake latency of a successful check; null for a failure. */
  latencyMs: number | null;
  error: string | null;
  state: 'UNKNOWN' | 'UP' | 'DOWN';
  consecutiveFailures: number;
  nextCheckAt: Date;
  /** The state changed with this check: the transition's own transaction wrote the Monitor row already. */
  transitionWritten?: boolean;
}

interface DayTotals {
  tenantId: string;
  monitorId: string;
  day: string;
  checks: number;
  failures: number;
  latencySumMs: number;
  latencyMaxMs: number;
  buckets: number[];
}

/** The checks of one batch summed per monitor and UTC day (one row per conflict target, as ON CONFLICT needs). */
function sumDays(records: readonly MonitorCheckRecord[]): DayTotals[] {
  const days = new Map<string, DayTotals>();
  for (const r of records) {
    const day = r.checkedAt.toISOString().slice(0, 10);
    const key = `${r.monitorId}/${day}`;
    const totals = days.get(key) ?? {
      tenantId: r.tenantId,
      monitorId: r.monitorId,
      day,
      checks: 0,
      failures: 0,
      latencySumMs: 0,
      latencyMaxMs: 0,
      buckets: new Array<number>(MONITOR_LATENCY_BUCKET_COUNT).fill(0),
    };
    totals.checks += 1;
    if (!r.ok) totals.failures += 1;
    if (r.ok && r.latencyMs !== null) {
      totals.latencySumMs += r.latencyMs;
      totals.latencyMaxMs = Math.max(totals.latencyMaxMs, r.latencyMs);
      totals.buckets = addMonitorLatency(totals.buckets, r.latencyMs);
    }
    days.set(key, totals);
  }
  return [...days.values()];
}

/**
 * Writes a batch of finished checks, across tenants, in two statements whatever the batch's size: each monitor's row
 * (state, failures, last check, next slot; rows whose transition was written already are left alone) and the day's
 * rollup (MonitorDay upserted: counts and latency sum added, maximum kept, bucket counts added element by element).
 * No row per check is stored (docs/health.md#uptime-monitors).
 */
export async function recordMonitorChecks(
  db: Database,
  records: readonly MonitorCheckRecord[],
  now: Date,
): Promise<void> {
  if (records.length === 0) return;
  // A monitor checked twice in one batch: its last check decides, its last success gives the latency.
  const lastOf = new Map<string, MonitorCheckRecord & { lastLatencyMs: number | null }>();
  for (const r of records) {
    if (r.transitionWritten) continue;
    const lastLatencyMs = r.latencyMs ?? lastOf.get(r.monitorId)?.lastLatencyMs ?? null;
    lastOf.set(r.monitorId, { ...r, lastLatencyMs });
  }
  const monitors = [...lastOf.values()].map((r) => ({
    id: r.monitorId,
    state: r.state,
    failures: r.consecutiveFailures,
    next: r.nextCheckAt.toISOString(),
    at: r.checkedAt.toISOString(),
    latency: r.lastLatencyMs,
    error: r.error,
  }));
  const days = sumDays(records).map((d) => ({ ...d, buckets: `{${d.buckets.join(',')}}` }));
  const updatedAt = now.toISOString();
  await db.unscoped.$transaction([
    db.unscoped.$executeRaw`
      UPDATE "Monitor" m SET
        "state" = v."state"::"MonitorState",
        "consecutiveFailures" = v."failures",
        "nextCheckAt" = v."next",
        "lastCheckedAt" = v."at",
        "lastLatencyMs" = COALESCE(v."latency", m."lastLatencyMs"),
        "lastError" = v."error",
        "updatedAt" = ${updatedAt}::timestamp
      FROM json_to_recordset(${JSON.stringify(monitors)}::json)
        AS v("id" text, "state" text, "failures" int, "next" timestamp, "at" timestamp, "latency" int, "error" text)
      WHERE m."id" = v."id"`,
    db.unscoped.$executeRaw`
      INSERT INTO "MonitorDay"
        ("id", "tenantId", "monitorId", "day", "checks", "failures", "latencySumMs", "latencyMaxMs", "latencyBuckets")
      SELECT gen_random_uuid()::text, v."tenantId", v."monitorId", v."day", v."checks", v."failures", v."latencySumMs",
        v."latencyMaxMs", v."buckets"::int[]
      FROM json_to_recordset(${JSON.stringify(days)}::json) AS v("tenantId" text, "monitorId" text, "day" date,
        "checks" int, "failures" int, "latencySumMs" bigint, "latencyMaxMs" int, "buckets" text)
      ON CONFLICT ("monitorId", "day") DO UPDATE SET
        "checks" = "MonitorDay"."checks" + EXCLUDED."checks",
        "failures" = "MonitorDay"."failures" + EXCLUDED."failures",
        "latencySumMs" = "MonitorDay"."latencySumMs" + EXCLUDED."latencySumMs",
        "latencyMaxMs" = GREATEST("MonitorDay"."latencyMaxMs", EXCLUDED."latencyMaxMs"),
        "latencyBuckets" = ARRAY(
          SELECT COALESCE(t.a, 0) + COALESCE(t.b, 0)
          FROM unnest("MonitorDay"."latencyBuckets", EXCLUDED."latencyBuckets") WITH ORDINALITY AS t(a, b, i)
          ORDER BY t.i
        )`,
  ]);
}
