import type { FinishedRunOutcome } from '@mcptest/core';
import type { TenantDb } from '@mcptest/db';

const FINISHED = { PASSED: 'passed', FAILED: 'failed', ERROR: 'error' } as const;

/**
 * The suite's most recently queued run that has finished PASSED, FAILED or ERROR: cancelled runs say nothing about
 * the server, and queued or running ones have no result yet. Ordered by creation (the tenant, suite, createdAt index),
 * so when runs of two commits finish out of order the badge shows the later commit's.
 */
export async function findLatestFinishedRun(db: TenantDb, suiteId: string): Promise<FinishedRunOutcome | null> {
  const run = await db.run.findFirst({
    where: { suiteId, status: { in: ['PASSED', 'FAILED', 'ERROR'] } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { status: true, failed: true, total: true },
  });
  if (!run) return null;
  return { status: FINISHED[run.status as keyof typeof FINISHED], failed: run.failed, total: run.total };
}
