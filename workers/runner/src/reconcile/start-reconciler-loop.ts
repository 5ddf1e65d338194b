import { redisKey } from '@mcptest/redis';
import { requeueDueDeliveries } from '../webhook/requeue-due-deliveries';
import type { WorkerDeps } from '../worker-deps';
import { createReconcilerLock } from './reconciler-lock';
import { reconcileRuns, type ReconcileOptions, type ReconcileReport } from './reconcile-runs';

export interface ReconcilerLoop {
  /** One pass now, without the lock (tests; the timer takes the lock). */
  reconcile(): Promise<ReconcileReport>;
  stop(): void;
}

/**
 * Runs a reconciler pass every `intervalSeconds` on whichever worker holds the lock: runs (queued, lost, outbox), then
 * webhook deliveries whose job was lost. A pass still going when the timer fires again is not doubled.
 */
export function startReconcilerLoop(
  deps: WorkerDeps,
  options: { intervalSeconds: number; reconcile: ReconcileOptions },
): ReconcilerLoop {
  const lock = createReconcilerLock(
    deps.redis,
    redisKey(deps.prefix, 'reconciler', 'lock'),
    deps.workerId,
    Math.max(5000, options.intervalSeconds * 3000),
  );
  const reconcile = () => reconcileRuns(deps, options.reconcile);
  const pass = async () => {
    if (!(await lock.acquire())) return;
    try {
      const report = await reconcile();
      const acted = report.requeued + report.resumed + report.failed + report.outboxReplayed + report.schedulesArmed;
      if (acted > 0) deps.logger.info(report, 'reconciler pass');
      // Webhook deliveries whose job was lost (Redis flushed or away, a worker died mid-attempt) get one again.
      const deliveries = await requeueDueDeliveries(deps);
      if (deliveries > 0) deps.logger.info({ deliveries }, 'reconciler: webhook deliveries queued again');
    } finally {
      await lock.release();
    }
  };
  let reconciling = false;
  const timer = setInterval(() => {
    if (reconciling) return;
    reconciling = true;
    pass()
      .catch((error: Error) => deps.logger.warn({ error: error.message }, 'reconciler pass failed'))
      .finally(() => {
        reconciling = false;
      });
  }, options.intervalSeconds * 1000);
  timer.unref();
  return { reconcile, stop: () => clearInterval(timer) };
}
