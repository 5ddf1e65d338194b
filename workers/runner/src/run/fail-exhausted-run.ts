import { JOB_CATALOG } from '@mcptest/redis';
import type { WorkerDeps } from '../worker-deps';
import { completeRun } from './complete-run';

/** What BullMQ says of a failed job (its `failed` event). */
export interface FailedJob {
  name: string;
  data: unknown;
  attemptsMade: number;
  opts: { attempts?: number };
}

/**
 * A `run.execute` job out of attempts (infrastructure errors every time): its run ends `error` with the reason, rather
 * than staying RUNNING until the reconciler gives up on it. Other jobs, and jobs with attempts left, are ignored.
 */
export async function failExhaustedRun(deps: WorkerDeps, job: FailedJob, error: Error): Promise<void> {
  if (job.name !== 'run.execute') return;
  const attempts = job.opts.attempts ?? JOB_CATALOG['run.execute'].attempts;
  if (job.attemptsMade < attempts) return;
  const { runId, tenantId } = JOB_CATALOG['run.execute'].payload.parse(job.data);
  await completeRun(deps, deps.db.tenant(tenantId), {
    runId,
    event: { type: 'fail' },
    error: `the run could not be executed after ${job.attemptsMade} attempts: ${error.message}`,
  });
}
