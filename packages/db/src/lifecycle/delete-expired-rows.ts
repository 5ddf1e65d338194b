import type { PlanName, RetentionTarget } from '@mcptest/core';
import type { Database } from '../database';

/**
 * The tables the retention job deletes whole rows from by age alone (runs and transcripts have their own steps), each
 * with the column that dates a row, the plan cutoff it follows and what else a row must satisfy to go. Identifiers come
 * only from this table, never from input.
 */
export const EXPIRING_TABLES = {
  /** Sent or given up: a pending delivery still has attempts to make. */
  WebhookDelivery: { column: 'createdAt', cutoff: 'deliveries', also: `"status" <> 'PENDING'` },
  /** A finished run's side effects, once done (the reconciler replays the others); the run itself stays. */
  RunOutbox: { column: 'createdAt', cutoff: 'deliveries', also: '"doneAt" IS NOT NULL' },
  AuditLog: { column: 'createdAt', cutoff: 'auditLog', also: 'TRUE' },
  /** The drift history goes with the runs that detected it. */
  SurfaceChange: { column: 'detectedAt', cutoff: 'runs', also: 'TRUE' },
  SuiteDay: { column: 'day', cutoff: 'rollups', also: 'TRUE' },
  MonitorDay: { column: 'day', cutoff: 'rollups', also: 'TRUE' },
  /** Closed incidents only: an open one is the monitor's current state. */
  MonitorIncident: { column: 'endedAt', cutoff: 'rollups', also: '"endedAt" IS NOT NULL' },
} as const satisfies Record<string, { column: string; cutoff: RetentionTarget; also: string }>;
export type ExpiringTable = keyof typeof EXPIRING_TABLES;

/**
 * One bounded step for one table and plan: deletes up to `batchSize` rows of the plan's tenants dated before `before`,
 * in one short statement that locks only those rows (SKIP LOCKED). Each table's scan is its (tenantId, date) index or
 * a small table's tenant index. Returns the rows deleted; fewer than `batchSize` means the table is done for the plan.
 */
export async function deleteExpiredRows(
  db: Database,
  input: { table: ExpiringTable; plan: PlanName; before: Date; batchSize: number },
): Promise<number> {
  const { column, also } = EXPIRING_TABLES[input.table];
  const table = `"${input.table}"`;
  return db.unscoped.$executeRawUnsafe(
    `DELETE FROM ${table} WHERE "id" IN (
      SELECT x."id" FROM ${table} x
      WHERE x."tenantId" IN (SELECT t."id" FROM "Tenant" t WHERE t."plan" = $1::"Plan")
        AND x."${column}" < $2::timestamp AND ${also}
      LIMIT $3 FOR UPDATE SKIP LOCKED)`,
    input.plan,
    input.before.toISOString(),
    input.batchSize,
  );
}
