import { runStatusesAllowing } from '@mcptest/core';
import type { TenantDb } from '../tenant/tenant-scope';

export interface ClaimRunInput {
  runId: string;
  workerId: string;
  /** The run's first start; kept when a worker resumes a run another one started. */
  startedAt: Date;
  now: Date;
}

/**
 * A worker takes the run: RUNNING, attempt counted, its worker id and heartbeat recorded. A RUNNING run can be claimed
 * again (a worker resuming the run of one that died). Returns false when the run has ended meanwhile.
 */
export async function claimRun(db: TenantDb, input: ClaimRunInput): Promise<boolean> {
  const claimed = await db.run.updateMany({
    where: { id: input.runId, status: { in: runStatusesAllowing('claim') } },
    data: {
      status: 'RUNNING',
      attempts: { increment: 1 },
      workerId: input.workerId,
      heartbeatAt: input.now,
      startedAt: input.startedAt,
    },
  });
  return claimed.count === 1;
}
