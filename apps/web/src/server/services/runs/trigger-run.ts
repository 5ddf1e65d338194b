import { createQueuedRun } from '@mcptest/db';
import { enqueueRun, tenantDailyBudgetKey } from '@mcptest/redis';
import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { tenantLimits } from '@/server/services/suites/tenant-limits';
import { getRun } from './get-run';
import type { RunResource, TriggerRunRequest } from './run-schemas';
import { runUrl } from './to-run-resource';

export interface TriggerRunOptions {
  trigger: 'MANUAL' | 'API' | 'CI' | 'WEBHOOK';
  /** Same key on the same suite → the same run (the Idempotency-Key header, a GitHub delivery id). */
  idempotencyKey?: string;
}

export type TriggerRunOutcome =
  | { finished: true; created: boolean; run: RunResource }
  | { finished: false; created: boolean; id: string; status: RunResource['status']; url: string };

/**
 * Starts a run of a suite: plan quotas are checked before anything is queued (runs waiting, calls left today), the
 * run is created (or found again by its idempotency key) and queued through fair admission. With `wait`, answers as
 * soon as the run finishes (its `run.finished` event), or when the bounded wait ends.
 */
export async function triggerRun(
  deps: ServiceDeps,
  actor: Actor,
  suiteId: string,
  input: TriggerRunRequest,
  options: TriggerRunOptions,
): Promise<TriggerRunOutcome> {
  const suite = await getSuiteOrThrow(deps, actor, suiteId);
  if (!suite.enabled) throw new ApiError('conflict', 'the suite is disabled; enable it to run it');
  const db = deps.db.tenant(actor.tenantId);
  const limits = await tenantLimits(deps, actor.tenantId);

  const existing = options.idempotencyKey
    ? await db.run.findFirst({ where: { suiteId, idempotencyKey: options.idempotencyKey }, select: { id: true } })
    : null;
  if (!existing) {
    const queued = await db.run.count({ where: { status: 'QUEUED' } });
    if (queued >= limits.maxQueuedRuns) {
      throw new ApiError(
        'quota_exceeded',
        `the ${limits.plan} plan allows ${limits.maxQueuedRuns} runs waiting to start; ${queued} are waiting`,
        { quota: 'maxQueuedRuns', limit: limits.maxQueuedRuns },
        { 'retry-after': '30' },
      );
    }
    const day = deps.now().toISOString().slice(0, 10);
    const usedToday = Number((await deps.redis.get(tenantDailyBudgetKey(deps.prefix, actor.tenantId, day))) ?? '0');
    if (usedToday >= limits.dailyCalls) {
      throw new ApiError(
        'quota_exceeded',
        `the ${limits.plan} plan allows ${limits.dailyCalls} tool calls per day (UTC); today's are used`,
        { quota: 'dailyCalls', limit: limits.dailyCalls },
      );
    }
  }

  const { run, created } = await createQueuedRun(db, {
    suiteId,
    trigger: options.trigger,
    commitSha: input.commitSha,
    branch: input.branch,
    idempotencyKey: options.idempotencyKey,
    createdById: actor.userId,
  });
  if (created) {
    await enqueueRun(
      { fair: deps.fair, queues: deps.queues },
      { tenantId: actor.tenantId, runId: run.id, cap: limits.concurrentRuns },
    );
  }

  const waitSeconds = Math.min(input.wait ?? 0, deps.maxWaitSeconds);
  if (waitSeconds > 0) {
    await deps.runEvents.waitForFinished(run.id, waitSeconds * 1000);
  }
  const current = await getRun(deps, actor, run.id);
  if (!['queued', 'running'].includes(current.status)) return { finished: true, created, run: current };
  return { finished: false, created, id: run.id, status: current.status, url: runUrl(deps.appUrl, run.id) };
}
