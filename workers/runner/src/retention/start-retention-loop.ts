import { redisKey } from '@mcptest/redis';
import { createReconcilerLock } from '../reconcile/reconciler-lock';
import type { WorkerDeps } from '../worker-deps';
import { runRetentionPass, type RetentionReport, type RetentionSettings } from './run-retention-pass';

export interface RetentionLoop {
  /** One pass now, without the lock (tests and benchmarks; the timer takes the lock). */
  pass(): Promise<RetentionReport>;
  /** Stops the timer and asks a pass in flight to stop after its current statement; resolves when it has. */
  stop(): Promise<void>;
}

/**
 * Runs a retention pass every `intervalSeconds` on whichever worker holds the retention lock (a Redis lock like the
 * reconciler's, under a key of its own, held for the pass's longest time plus a minute), so two workers never delete
 * the same rows at once. A pass still going when the timer fires again is not doubled.
 */
export function startRetentionLoop(
  deps: WorkerDeps,
  options: { intervalSeconds: number; settings: RetentionSettings },
): RetentionLoop {
  const lock = createReconcilerLock(
    deps.redis,
    redisKey(deps.prefix, 'retention', 'lock'),
    deps.workerId,
    options.settings.maxPassMs + 60_000,
  );
  const abort = new AbortController();
  let inFlight: Promise<void> | undefined;
  const timedPass = async () => {
    if (!(await lock.acquire())) return;
    try {
      const report = await runRetentionPass(deps, options.settings, abort.signal);
      deps.logger.info(report, 'retention pass');
    } finally {
      await lock.release();
    }
  };
  const timer = setInterval(() => {
    if (inFlight) return;
    inFlight = timedPass()
      .catch((error: Error) => deps.logger.warn({ error: error.message }, 'retention pass failed'))
      .finally(() => {
        inFlight = undefined;
      });
  }, options.intervalSeconds * 1000);
  timer.unref();
  return {
    pass: () => runRetentionPass(deps, options.settings, abort.signal),
    async stop() {
      clearInterval(timer);
      abort.abort();
      await inFlight;
    },
  };
}
