import { PlanName } from '@mcptest/core';
import { dispatchAdmittedRuns, enqueueRun, runJobId } from '@mcptest/redis';
import { armSuiteSchedules, resumeRun } from '@mcptest/db';
import { completeRun } from '../run/complete-run';
import { replayRunOutbox } from './replay-run-outbox';
import type { WorkerDeps } from '../worker-deps';

export interface ReconcileOptions {
  /** A queued run younger than this is left alone (it may be between admission and its job being added). */
  queuedGraceMs: number;
  /** A running run whose heartbeat is older than this, and which has no live job, lost its worker. */
  heartbeatStaleMs: number;
  /** Attempts after which a run whose workers keep dying is failed instead of resumed. */
  maxAttempts: number;
  /** A finished run's outbox row not done after this is replayed (its process died before the side effects). */
  outboxGraceMs: number;
  /** Most runs looked at per pass and kind, so one pass stays short however large the backlog. */
  batchSize?: number;
}

export interface ReconcileReport {
  requeued: number;
  resumed: number;
  failed: number;
  /** Finished runs whose outbox (badges, run.finished, webhook jobs, slot) was replayed. */
  outboxReplayed: number;
  /** Scheduled suites without a nextFireAt (saved before it existed) given one. */
  schedulesArmed: number;
  dispatched: number;
}

/** BullMQ states in which the job will still run (or is running): the run is in hand. */
const LIVE_JOB_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/**
 * One pass of the reconciler. Postgres is the source of truth; Redis can lose jobs (flushed, failed over without
 * AOF) and workers can die. For every run that should be in motion but is not, act:
 * - QUEUED, not pending in fair admission and without a live job: queued again (after Redis lost its data, or a
 *   dispatcher died between admitting and adding the job);
 * - RUNNING with a stale heartbeat and without a live job: queued again to resume, or failed with a reason once it
 *   used up its attempts (BullMQ's own stalled-job check gets the first chance while the job still exists);
 * - finished runs whose outbox row is not done after a grace period: its side effects replayed (idempotent);
 * - schedules: a scheduled suite without a nextFireAt (saved before the column existed) is armed; firing is the
 *   schedule ticker's (schedule/start-schedule-loop.ts), and needs no listing here.
 * Cross-tenant by nature, so it reads with db.unscoped and then acts through each tenant's scoped client.
 */
export async function reconcileRuns(deps: WorkerDeps, options: ReconcileOptions): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    requeued: 0,
    resumed: 0,
    failed: 0,
    outboxReplayed: 0,
    schedulesArmed: 0,
    dispatched: 0,
  };
  const now = deps.now().getTime();
  const take = options.batchSize ?? 500;
  const runsQueue = deps.queues.queue('runs');
  const caps = await planCaps(deps);
  const dispatch = { fair: deps.fair, queues: deps.queues };

  const hasLiveJob = async (runId: string): Promise<boolean> => {
    const job = await runsQueue.getJob(runJobId(runId));
    if (!job) return false;
    const state = await job.getState();
    if (LIVE_JOB_STATES.has(state)) return true;
    // A completed or failed job left behind would make BullMQ ignore the new one with the same id.
    await job.remove().catch(() => {});
    return false;
  };

  const graceCutoff = new Date(now - options.queuedGraceMs);
  // eslint-disable-next-line no-restricted-properties -- the reconciler looks across tenants by design.
  const queued = await deps.db.unscoped.run.findMany({
    where: { status: 'QUEUED', queuedAt: { lt: graceCutoff }, updatedAt: { lt: graceCutoff } },
    orderBy: { queuedAt: 'asc' },
    take,
    select: { id: true, tenantId: true },
  });
  for (const run of queued) {
    const slot = { tenantId: run.tenantId, runId: run.id };
    // In this order: admission moves a run from pending to holding a slot atomically, so a run admitted between the
    // two checks is still seen; the job check covers a hand-back (QUEUED with a delayed job).
    if (await deps.fair.isPending(run.id)) continue;
    if (await deps.fair.holdsSlot(slot)) continue;
    if (await hasLiveJob(run.id)) continue;
    // Only if it is still QUEUED and nobody touched it since the grace began; touching it (updatedAt) keeps the next
    // pass from queueing it a second time while this one does.
    const gate = await deps.db.tenant(run.tenantId).run.updateMany({
      where: { id: run.id, status: 'QUEUED', updatedAt: { lt: graceCutoff } },
      data: { workerId: null },
    });
    if (gate.count === 0) continue;
    await deps.fair.release(slot);
    await enqueueRun(dispatch, { ...slot, cap: await caps(run.tenantId) });
    report.requeued += 1;
    deps.metrics.reconcilerActions.inc({ action: 'requeued' });
    deps.logger.warn({ tenantId: run.tenantId, runId: run.id }, 'reconciler: queued run had no job; queued again');
  }

  // eslint-disable-next-line no-restricted-properties -- the reconciler looks across tenants by design.
  const stale = await deps.db.unscoped.run.findMany({
    where: {
      status: 'RUNNING',
      OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: new Date(now - options.heartbeatStaleMs) } }],
    },
    orderBy: { queuedAt: 'asc' },
    take,
    select: { id: true, tenantId: true, attempts: true, workerId: true },
  });
  for (const run of stale) {
    if (deps.active.has(run.id)) continue;
    // BullMQ's stalled-job check hands a live job to another worker, which resumes the run; only a lost job needs us.
    if (await hasLiveJob(run.id)) continue;
    const db = deps.db.tenant(run.tenantId);
    const slot = { tenantId: run.tenantId, runId: run.id };
    if (run.attempts >= options.maxAttempts) {
      await completeRun(deps, db, {
        runId: run.id,
        event: { type: 'fail' },
        error: `the worker running it stopped responding (${run.attempts} attempts, last on ${run.workerId ?? 'an unknown worker'}); not retried again`,
      });
      report.failed += 1;
      deps.metrics.reconcilerActions.inc({ action: 'failed' });
      deps.logger.warn({ tenantId: run.tenantId, runId: run.id }, 'reconciler: run failed after its workers died');
      continue;
    }
    if (!(await resumeRun(db, run))) continue;
    await deps.fair.release(slot);
    await enqueueRun(dispatch, { ...slot, cap: await caps(run.tenantId) });
    report.resumed += 1;
    deps.metrics.reconcilerActions.inc({ action: 'resumed' });
    deps.logger.warn({ tenantId: run.tenantId, runId: run.id }, 'reconciler: run lost its worker; queued to resume');
  }

  // Before dispatching: a replayed outbox frees its run's slot for the next one.
  report.outboxReplayed = await replayRunOutbox(deps, { graceMs: options.outboxGraceMs, limit: take });
  report.schedulesArmed = await armSchedules(deps, take);
  report.dispatched = (await dispatchAdmittedRuns(dispatch)).length;
  return report;
}

/** A per-pass cache of each tenant's concurrent-run cap. */
async function planCaps(deps: WorkerDeps): Promise<(tenantId: string) => Promise<number>> {
  const cache = new Map<string, number>();
  return async (tenantId) => {
    let cap = cache.get(tenantId);
    if (cap === undefined) {
      const tenant = await deps.db.global.tenant.findUnique({ where: { id: tenantId }, select: { plan: true } });
      cap = deps.plans[PlanName.parse(tenant?.plan ?? 'FREE')].concurrentRuns;
      cache.set(tenantId, cap);
    }
    return cap;
  };
}

/** The unarmed scheduled suites (one indexed scan that finds none once all are armed), a batch per pass. */
async function armSchedules(deps: WorkerDeps, limit: number): Promise<number> {
  const { armed, unreadable } = await armSuiteSchedules(deps.db, { now: deps.now(), limit });
  if (unreadable.length > 0) {
    deps.logger.warn({ suiteIds: unreadable }, 'reconciler: scheduled suites whose cron or timezone does not read');
  }
  if (armed > 0) deps.metrics.reconcilerActions.inc({ action: 'schedule_armed' }, armed);
  return armed;
}
