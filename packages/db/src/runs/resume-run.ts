import { runStatusesAllowing } from '@mcptest/core';
import type { TenantDb } from '../tenant/tenant-scope';

/**
 * The reconciler queues a run whose worker died, to be resumed by another. Only if `workerId` still holds it: a worker
 * that resumed it meanwhile keeps it. Returns whether the run was queued again.
 */
export async function resumeRun(db: TenantDb, run: { id: string; workerId: string | null }): Promise<boolean> {
  const back = await db.run.updateMany({
    where: { id: run.id, status: { in: runStatusesAllowing('resume') }, workerId: run.workerId },
    data: { status: 'QUEUED', workerId: null },
  });
  return back.count === 1;
}
