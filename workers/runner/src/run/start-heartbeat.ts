import type { WorkerDeps } from '../worker-deps';
import { keepRunsAlive } from './keep-runs-alive';

export interface Heartbeat {
  /** Stops beating and deletes the worker's key (a clean stop is not mistaken for a dead worker). */
  stop(): Promise<void>;
}

/**
 * This worker's heartbeats: its Redis key (expiring after three missed beats) and `heartbeatAt` of the runs it
 * executes, every `seconds`. The reconciler treats a run whose heartbeat went stale, and whose job is gone, as lost.
 */
export async function startHeartbeat(deps: WorkerDeps, options: { key: string; seconds: number }): Promise<Heartbeat> {
  const beat = () =>
    deps.redis.set(
      options.key,
      JSON.stringify({ at: new Date().toISOString(), pid: process.pid, runs: deps.active.size }),
      'EX',
      options.seconds * 3,
    );
  await beat();
  const timer = setInterval(() => {
    beat().catch((error: Error) => deps.logger.warn({ error: error.message }, 'heartbeat failed'));
    keepRunsAlive(deps).catch((error: Error) => deps.logger.warn({ error: error.message }, 'run keep-alive failed'));
  }, options.seconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await deps.redis.del(options.key).catch(() => {});
    },
  };
}
