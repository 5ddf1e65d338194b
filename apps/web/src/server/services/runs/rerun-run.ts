import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getRunRowOrThrow } from './get-run';
import { triggerRun, type TriggerRunOutcome } from './trigger-run';

/**
 * "Re-run": a NEW manual run of the run's suite (its current version and server, not the old ones: a re-run asks
 * "does it pass now?"), labelled with the same branch and commit so history and the baseline rule read it as the same
 * code. Goes through triggerRun, so the suite must be enabled and the plan's quotas apply; the run is found in the
 * actor's tenant (and project) only, so another tenant's run id is a 404.
 */
export async function rerunRun(deps: ServiceDeps, actor: Actor, runId: string): Promise<TriggerRunOutcome> {
  const run = await getRunRowOrThrow(deps, actor, runId);
  return triggerRun(
    deps,
    actor,
    run.suiteId,
    { ...(run.branch ? { branch: run.branch } : {}), ...(run.commitSha ? { commitSha: run.commitSha } : {}) },
    { trigger: 'MANUAL' },
  );
}
