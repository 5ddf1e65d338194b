import type { AdmittedRun, FairAdmission } from '../fair/fair-admission';
import type { Queues } from '../jobs/create-queues';
import { runJobId } from '../jobs/job-catalog';

export interface RunDispatch {
  fair: FairAdmission;
  queues: Queues;
}

/**
 * Moves every run that fair admission lets through into the BullMQ `runs` queue. Called after a run is queued, when
 * a run ends (its slot frees), and by the reconciler. If this process dies between admitting and adding, the run is
 * neither pending nor queued in BullMQ; the reconciler finds it (QUEUED in Postgres, no job) and queues it again.
 */
export async function dispatchAdmittedRuns(dispatch: RunDispatch, max = 100): Promise<AdmittedRun[]> {
  const admitted = await dispatch.fair.admitAvailable(max);
  for (const run of admitted) {
    await dispatch.queues.enqueue('run.execute', run, { jobId: runJobId(run.runId) });
  }
  return admitted;
}

/**
 * Queues a run that exists in Postgres with status QUEUED: into its tenant's fair-admission list, then dispatches
 * what can start now. `cap` is the tenant's concurrent-run limit from its plan. Idempotent.
 */
export async function enqueueRun(
  dispatch: RunDispatch,
  run: { tenantId: string; runId: string; cap: number },
): Promise<void> {
  await dispatch.fair.push(run);
  await dispatchAdmittedRuns(dispatch);
}
