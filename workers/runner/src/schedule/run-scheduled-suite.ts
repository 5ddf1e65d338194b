import { createQueuedRun } from '@mcptest/db';
import { enqueueRun, removeSuiteScheduler, suiteSchedulerId, type JobContext, type JobPayload } from '@mcptest/redis';
import { PlanName } from '@mcptest/core';
import type { WorkerDeps } from '../worker-deps';

/**
 * The `suite.scheduled` job: a suite's schedule fired. Creates a SCHEDULE run keyed by the firing (the job id that
 * BullMQ's scheduler derives from the firing time), so a retried job finds its run instead of making a second one, and
 * queues it like any other run. A suite that was deleted, disabled, unscheduled or whose schedule was paused meanwhile
 * loses its scheduler.
 */
export async function runScheduledSuite(
  deps: WorkerDeps,
  payload: JobPayload<'suite.scheduled'>,
  context: JobContext,
): Promise<string> {
  const { suiteId, tenantId } = payload;
  const log = deps.logger.child({ tenantId, suiteId, jobId: context.job.id });
  const db = deps.db.tenant(tenantId);
  const suite = await db.suite.findFirst({
    where: { id: suiteId },
    select: { schedule: true, enabled: true, scheduleEnabled: true },
  });
  if (!suite || !suite.enabled || !suite.scheduleEnabled || suite.schedule === null) {
    await removeSuiteScheduler(deps.queues, suiteSchedulerId(suiteId));
    log.info('suite no longer scheduled; scheduler removed');
    return 'unscheduled';
  }
  const tenant = await deps.db.global.tenant.findUnique({ where: { id: tenantId }, select: { plan: true } });
  if (!tenant) return 'tenant-missing';
  const firing = context.job.id ?? `${context.job.timestamp}`;
  const { run, created } = await createQueuedRun(db, {
    suiteId,
    trigger: 'SCHEDULE',
    idempotencyKey: `schedule:${firing}`,
  });
  if (run.status === 'QUEUED') {
    await enqueueRun(
      { fair: deps.fair, queues: deps.queues },
      { tenantId, runId: run.id, cap: deps.plans[PlanName.parse(tenant.plan)].concurrentRuns },
    );
  }
  log.info({ runId: run.id, created }, 'scheduled run queued');
  return run.id;
}
