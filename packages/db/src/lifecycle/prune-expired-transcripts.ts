import type { PlanName } from '@mcptest/core';
import type { Database } from '../database';

/**
 * One bounded step of transcript retention for one plan's tenants: removes the transcripts of up to `batchSize`
 * results created before `before` (the plan's transcriptRetentionDays), keeping the results. `transcriptBytes` goes
 * to 0 with it, so the statement trigger on AssertionResult gives the bytes back to each tenant's
 * Tenant.transcriptBytes (its transcript quota) in one update per tenant. The scan is the partial index of results
 * still holding a transcript, so pruned rows are never read again. Returns the results pruned.
 */
export async function pruneExpiredTranscripts(
  db: Database,
  input: { plan: PlanName; before: Date; batchSize: number },
): Promise<number> {
  return db.unscoped.$executeRaw`
    UPDATE "AssertionResult" SET "transcript" = NULL, "transcriptBytes" = 0
    WHERE "id" IN (
      SELECT a."id" FROM "AssertionResult" a
      WHERE a."tenantId" IN (SELECT t."id" FROM "Tenant" t WHERE t."plan" = ${input.plan}::"Plan")
        AND a."transcript" IS NOT NULL
        AND a."createdAt" < ${input.before.toISOString()}::timestamp
      LIMIT ${input.batchSize} FOR UPDATE SKIP LOCKED)`;
}
