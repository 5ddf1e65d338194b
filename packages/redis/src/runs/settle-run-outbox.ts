import { markRunOutboxDone, RunFinishedOutboxPayload, type RunOutboxEntry, type TenantDb } from '@mcptest/db';
import { invalidateBadges } from '../badges/invalidate-badges';
import { runBudgetKey, runRequestsKey } from '../budget/redis-call-budget';
import type { FairAdmission } from '../fair/fair-admission';
import type { Queues } from '../jobs/create-queues';
import { enqueueWebhookDeliveries } from '../jobs/enqueue-webhook-deliveries';
import type { Redis } from '../redis';
import { dispatchAdmittedRuns } from './enqueue-run';
import { publishRunFinishedOnce } from './run-events';

/**
 * The steps of finishing a run, in order: before its transaction, after the commit, and after each side effect.
 * A test seam (the worker's MCPTEST_TEST_PAUSE_AT) can stop the process at any of them, to prove a crash there loses
 * nothing and repeats nothing.
 */
export const RUN_FINISH_STEPS = [
  'before-transaction',
  'after-commit',
  'after-badges',
  'after-event',
  'after-webhooks',
  'after-slot',
] as const;
export type RunFinishStep = (typeof RUN_FINISH_STEPS)[number];

export interface SettleRunOutboxDeps {
  /** The run's tenant. */
  db: TenantDb;
  redis: Redis;
  prefix: string;
  fair: FairAdmission;
  queues: Queues;
  now: () => Date;
  /** Called after each side effect (tests pause the process there); resolves to go on. */
  reached?: ((step: RunFinishStep) => Promise<void>) | undefined;
}

export interface SettledRunOutbox {
  /** Deliveries whose first job could not be added now (the delivery sweep adds them later). */
  webhooksNotQueued: number;
}

/**
 * Does what a finished run's outbox row lists, after its transaction committed, then marks the row done. Every step
 * is idempotent, so the reconciler can replay a row whose process died anywhere in here: badge versions are replaced,
 * `run.finished` is published once (a marker written with it), webhook jobs have deterministic ids (and a delivery's
 * attempt is claimed once), the slot release and dispatch are idempotent. Order matters: badges before the event
 * (whoever waited for the run and then fetches a badge sees this run), the slot last but one (the next run starts).
 */
export async function settleRunOutbox(deps: SettleRunOutboxDeps, entry: RunOutboxEntry): Promise<SettledRunOutbox> {
  const reached = deps.reached ?? (() => Promise.resolve());
  const payload = RunFinishedOutboxPayload.parse(entry.payload);
  const settled: SettledRunOutbox = { webhooksNotQueued: 0 };

  await invalidateBadges(deps.redis, deps.prefix, { suiteId: payload.suiteId, projectId: payload.projectId });
  await reached('after-badges');
  await publishRunFinishedOnce(deps.redis, deps.prefix, entry.runId, {
    type: 'run.finished',
    status: payload.status,
    summary: payload.summary,
    regressions: payload.regressions,
    ...(payload.error ? { error: payload.error } : {}),
  });
  await reached('after-event');
  // A webhook problem must not keep the run's slot or the next run waiting (the reconciler queues what is left).
  settled.webhooksNotQueued = await enqueueWebhookDeliveries(deps.queues, entry.tenantId, payload.deliveryIds);
  await reached('after-webhooks');
  const slot = { tenantId: entry.tenantId, runId: entry.runId };
  // A run cancelled while queued is still pending in fair admission; one that ran holds a slot.
  await deps.fair.remove(slot);
  await deps.fair.release(slot);
  await dispatchAdmittedRuns({ fair: deps.fair, queues: deps.queues });
  // The run's call and request counters: a finished run acquires nothing more (Run.callsUsed and requestsUsed hold
  // its counts), so they go now instead of living out their 7-day TTL (docs/capacity.md). One tag: one slot.
  await deps.redis.del(
    runBudgetKey(deps.prefix, entry.tenantId, entry.runId),
    runRequestsKey(deps.prefix, entry.tenantId, entry.runId),
  );
  await reached('after-slot');
  await markRunOutboxDone(deps.db, entry.id, deps.now());
  return settled;
}
