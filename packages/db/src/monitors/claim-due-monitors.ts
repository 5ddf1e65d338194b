import type { Database } from '../database';

/** A monitor claimed for one check. */
export interface ClaimedMonitor {
  id: string;
  tenantId: string;
  serverId: string;
  intervalMinutes: number;
  state: 'UNKNOWN' | 'UP' | 'DOWN';
  consecutiveFailures: number;
  /** The previous check (the first failure, when this check may confirm it). */
  lastCheckedAt: Date | null;
  /** When the check was due (the scheduler's lateness is `now - dueAt`). */
  dueAt: Date;
  /** The lease this claim wrote as nextCheckAt: `releaseMonitors` hands back only a row still holding it. */
  leaseUntil: Date;
}

export interface ClaimDueMonitorsInput {
  now: Date;
  /** Most monitors claimed at once. */
  limit: number;
  /**
   * The claimed rows' nextCheckAt becomes now + lease: another worker's ticker skips them while the check runs, and a
   * worker that dies mid-check leaves them due again after the lease.
   */
  leaseMs: number;
}

/**
 * Claims enabled monitors whose check is due, oldest due first, across tenants (a system scan, like the reconciler):
 * one statement that locks the due rows with FOR UPDATE SKIP LOCKED, so tickers of several workers never claim the
 * same row, and moves their nextCheckAt to the lease. The check's result then sets the real next slot
 * (`recordMonitorChecks`). The scan uses the (enabled, nextCheckAt) index.
 */
export async function claimDueMonitors(db: Database, input: ClaimDueMonitorsInput): Promise<ClaimedMonitor[]> {
  const now = input.now.toISOString();
  const leaseUntil = new Date(input.now.getTime() + input.leaseMs).toISOString();
  const rows = await db.unscoped.$queryRaw<ClaimedMonitor[]>`
    WITH due AS (
      SELECT "id", "nextCheckAt" FROM "Monitor"
      WHERE "enabled" AND "nextCheckAt" <= ${now}::timestamp
      ORDER BY "nextCheckAt"
      LIMIT ${input.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "Monitor" m SET "nextCheckAt" = ${leaseUntil}::timestamp
    FROM due WHERE m."id" = due."id"
    RETURNING m."id", m."tenantId", m."serverId", m."intervalMinutes", m."state"::text AS "state",
      m."consecutiveFailures", m."lastCheckedAt", due."nextCheckAt" AS "dueAt", m."nextCheckAt" AS "leaseUntil"`;
  return rows;
}
