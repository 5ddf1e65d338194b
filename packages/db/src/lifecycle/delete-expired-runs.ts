import type { PlanName } from '@mcptest/core';
import type { Database } from '../database';

export interface DeleteExpiredRunsInput {
  plan: PlanName;
  /** Runs created before this are expired (the plan's runRetentionDays). */
  before: Date;
  /** Most assertion results one statement deletes. */
  batchSize: number;
  /** Most runs one statement picks (their results are deleted first, up to batchSize, then the emptied runs). */
  runsPerBatch: number;
}

export interface DeletedRuns {
  runs: number;
  assertionResults: number;
}

/**
 * One bounded step of run retention for one plan's tenants: picks up to `runsPerBatch` expired runs (finished, not the
 * source of their suite's baseline), deletes up to `batchSize` of their assertion results, and, once those runs hold
 * no result, the runs themselves (their outbox row and conformance report go with them by cascade; webhook
 * deliveries and surface changes keep their own retention and only lose the link). Each statement is its own short
 * transaction and locks only the rows it deletes (SKIP LOCKED: a row another transaction holds is left for the next
 * pass), so runs being written are never blocked for long. Returns what it deleted; zero runs and results means the
 * plan has nothing more to delete.
 *
 * The run scan needs no ORDER BY: the (tenantId, createdAt) index is walked tenant by tenant and stops at the limit,
 * where ordering would sort every expired run first.
 */
export async function deleteExpiredRuns(db: Database, input: DeleteExpiredRunsInput): Promise<DeletedRuns> {
  const before = input.before.toISOString();
  const picked = await db.unscoped.$queryRaw<{ id: string }[]>`
    SELECT r."id" FROM "Run" r
    WHERE r."tenantId" IN (SELECT t."id" FROM "Tenant" t WHERE t."plan" = ${input.plan}::"Plan")
      AND r."createdAt" < ${before}::timestamp
      AND r."status" NOT IN ('QUEUED', 'RUNNING')
      AND NOT EXISTS (SELECT 1 FROM "Baseline" b WHERE b."runId" = r."id")
    LIMIT ${input.runsPerBatch}`;
  if (picked.length === 0) return { runs: 0, assertionResults: 0 };
  const ids = picked.map((r) => r.id);
  const assertionResults = await db.unscoped.$executeRaw`
    DELETE FROM "AssertionResult" WHERE "id" IN (
      SELECT a."id" FROM "AssertionResult" a WHERE a."runId" = ANY(${ids}::text[])
      LIMIT ${input.batchSize} FOR UPDATE SKIP LOCKED)`;
  if (assertionResults >= input.batchSize) return { runs: 0, assertionResults };
  // The conditions again at delete time: a run picked above cannot have become a baseline's source or been resumed
  // since (it is older than the retention), but the statement that deletes must be the one that is right.
  const runs = await db.unscoped.$executeRaw`
    DELETE FROM "Run" WHERE "id" IN (
      SELECT r."id" FROM "Run" r
      WHERE r."id" = ANY(${ids}::text[])
        AND r."status" NOT IN ('QUEUED', 'RUNNING')
        AND NOT EXISTS (SELECT 1 FROM "Baseline" b WHERE b."runId" = r."id")
        AND NOT EXISTS (SELECT 1 FROM "AssertionResult" a WHERE a."runId" = r."id")
      FOR UPDATE SKIP LOCKED)`;
  return { runs, assertionResults };
}
