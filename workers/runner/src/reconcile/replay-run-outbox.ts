import { findStaleRunOutbox } from '@mcptest/db';
import { settleRunOutbox } from '@mcptest/redis';
import type { WorkerDeps } from '../worker-deps';

/**
 * Settles the outbox rows of finished runs whose process died (or lost Redis) between the commit and the end of the
 * side effects. Each side effect is idempotent, so a row whose worker was merely slow is settled twice harmlessly.
 * Returns how many rows were settled; one that fails is logged and left for the next pass.
 */
export async function replayRunOutbox(deps: WorkerDeps, options: { graceMs: number; limit?: number }): Promise<number> {
  const stale = await findStaleRunOutbox(deps.db, { now: deps.now(), ...options });
  let replayed = 0;
  for (const entry of stale) {
    const log = deps.logger.child({ tenantId: entry.tenantId, runId: entry.runId });
    try {
      // No test pause here: the seam stops the completion of a run, not its recovery.
      await settleRunOutbox({ ...deps, db: deps.db.tenant(entry.tenantId), reached: undefined }, entry);
      replayed += 1;
      deps.metrics.reconcilerActions.inc({ action: 'outbox_replayed' });
      log.warn('reconciler: finished run had side effects left; replayed its outbox');
    } catch (error) {
      log.error({ error: (error as Error).message }, 'reconciler: could not replay the run outbox');
    }
  }
  return replayed;
}
