import type { TenantDb } from '@mcptest/db';
import type { FairAdmission } from '../fair/fair-admission';
import type { Redis } from '../redis';
import { publishRunCancel } from './run-cancel-channel';
import { publishRunEvent } from './run-events';

export interface CancelRunDeps {
  db: TenantDb;
  redis: Redis;
  prefix: string;
  fair: FairAdmission;
  now?: () => Date;
}

export type CancelRunResult =
  /** It had not started: it is cancelled now and will never start. */
  | { outcome: 'cancelled' }
  /** It is running: the worker executing it stops it (within a second or so) and marks it cancelled. */
  | { outcome: 'cancelling' }
  | { outcome: 'already_finished'; status: string }
  | { outcome: 'not_found' };

/**
 * Cancels a run of the tenant. A queued run is cancelled in Postgres at once (a job already handed to BullMQ finds it
 * cancelled and does nothing). A running run gets `cancelRequestedAt` (the worker's periodic check) and a pub/sub
 * message (the prompt path); the worker aborts the call in flight and skips the rest.
 */
export async function cancelRun(deps: CancelRunDeps, runId: string): Promise<CancelRunResult> {
  const now = (deps.now ?? (() => new Date()))();
  const run = await deps.db.run.findFirst({ where: { id: runId }, select: { status: true } });
  if (!run) return { outcome: 'not_found' };
  if (run.status === 'QUEUED') {
    const cancelled = await deps.db.run.updateMany({
      where: { id: runId, status: 'QUEUED' },
      data: {
        status: 'CANCELLED',
        cancelRequestedAt: now,
        finishedAt: now,
        durationMs: 0,
        error: 'cancelled on request',
      },
    });
    if (cancelled.count === 1) {
      await deps.fair.remove({ tenantId: deps.db.tenantId, runId });
      await publishRunEvent(deps.redis, deps.prefix, runId, {
        type: 'run.finished',
        status: 'cancelled',
        summary: { total: 0, passed: 0, failed: 0, skipped: 0 },
        regressions: 0,
        error: 'cancelled on request',
      });
      return { outcome: 'cancelled' };
    }
  }
  const requested = await deps.db.run.updateMany({
    where: { id: runId, status: 'RUNNING' },
    data: { cancelRequestedAt: now },
  });
  if (requested.count === 1) {
    await publishRunCancel(deps.redis, deps.prefix, runId);
    return { outcome: 'cancelling' };
  }
  const latest = await deps.db.run.findFirst({ where: { id: runId }, select: { status: true } });
  return latest ? { outcome: 'already_finished', status: latest.status } : { outcome: 'not_found' };
}
