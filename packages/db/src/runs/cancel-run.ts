import { CANCELLED_ON_REQUEST } from '@mcptest/core';
import type { TenantDb } from '../tenant/tenant-scope';
import { finishRun, type FinishRunResult } from './finish-run';

export type CancelRunRecord =
  /** It had not started: it ended `cancelled` now (the outbox row lists what is left to do in Redis). */
  | { outcome: 'cancelled'; finish: Extract<FinishRunResult, { finished: true }> }
  /** It is running: `cancelRequestedAt` is set; the worker stops it and ends it `cancelled` (finishRun). */
  | { outcome: 'cancelling' }
  | { outcome: 'already_finished'; status: string }
  | { outcome: 'not_found' };

/**
 * The Postgres half of a cancel. A queued run ends at once through `finishRun` (summary, webhooks, outbox: the same
 * path as a run that executed); a running one is marked for its worker, which ends it. packages/redis `cancelRun`
 * does the rest (the outbox's side effects, or the prompt message to the worker).
 */
export async function recordRunCancel(
  db: TenantDb,
  input: { runId: string; appUrl: string; now: Date },
): Promise<CancelRunRecord> {
  const run = await db.run.findFirst({ where: { id: input.runId }, select: { status: true } });
  if (!run) return { outcome: 'not_found' };
  if (run.status === 'QUEUED') {
    const finish = await finishRun(db, {
      runId: input.runId,
      event: { type: 'cancel' },
      error: CANCELLED_ON_REQUEST,
      appUrl: input.appUrl,
      now: input.now,
    });
    if (finish.finished) return { outcome: 'cancelled', finish };
  }
  // Not a status write: the worker running it reads this (and the pub/sub message) and ends the run itself.
  const requested = await db.run.updateMany({
    where: { id: input.runId, status: 'RUNNING' },
    data: { cancelRequestedAt: input.now },
  });
  if (requested.count === 1) return { outcome: 'cancelling' };
  const latest = await db.run.findFirst({ where: { id: input.runId }, select: { status: true } });
  return latest ? { outcome: 'already_finished', status: latest.status } : { outcome: 'not_found' };
}
