import { runStatusesAllowing } from '@mcptest/core';
import type { TenantDb } from '../tenant/tenant-scope';

/**
 * The worker executing a run shuts down before it ends: the run goes back to QUEUED (its results stay; the next worker
 * resumes it). Returns false when it was no longer running.
 */
export async function handBackRun(db: TenantDb, runId: string): Promise<boolean> {
  const back = await db.run.updateMany({
    where: { id: runId, status: { in: runStatusesAllowing('hand_back') } },
    data: { status: 'QUEUED', workerId: null },
  });
  return back.count === 1;
}
