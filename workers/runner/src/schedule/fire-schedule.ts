import { checkSchedule, nextScheduleFireAt, PlanName, type PlanTable } from '@mcptest/core';
import { createQueuedRun, DbError, type ClaimedSchedule, type ScheduleSettlement } from '@mcptest/db';
import { enqueueRun } from '@mcptest/redis';
import type { WorkerDeps } from '../worker-deps';

export type FireOutcome =
  | { outcome: 'fired'; runId: string; created: boolean; settlement: ScheduleSettlement }
  | { outcome: 'not_allowed'; reason: string; settlement: ScheduleSettlement }
  /** The suite went between the claim and the run (deleted): nothing to settle, its row is gone. */
  | { outcome: 'gone' };

/** The plan check of a (plan, cron, zone), cached by the ticker: crons repeat across thousands of suites. */
export type ScheduleAllowed = (plan: string, cron: string, timezone: string, now: number) => string | undefined;

/** The plan's minimum interval against the cron (core `checkSchedule`): undefined if allowed, else why not. */
export function createScheduleAllowed(plans: PlanTable): ScheduleAllowed {
  const cache = new Map<string, string | undefined>();
  return (plan, cron, timezone, now) => {
    const key = `${plan}\n${cron}\n${timezone}`;
    if (cache.has(key)) return cache.get(key);
    const check = checkSchedule({
      cron,
      timezone,
      minIntervalSeconds: plans[PlanName.parse(plan)].minScheduleIntervalSeconds,
      now,
      count: 1,
    });
    const reason = check.ok ? undefined : check.message;
    // Bounded: a new entry per distinct pattern; an operator's plan change restarts workers anyway.
    if (cache.size >= 10_000) cache.clear();
    cache.set(key, reason);
    return reason;
  };
}

/**
 * Fires one claimed slot: a SCHEDULE run keyed by the slot (`schedule:<slot ISO>`, unique per suite), so a slot fired
 * twice (a claim retried after its worker died, or after the run's write succeeded and the settlement did not) finds
 * the run made the first time, and queues it like any other run. A schedule the plan no longer allows (saved before a
 * downgrade) is not fired and moves to its next slot, so an upgrade brings it back. Either way the settlement moves
 * the row to the first slot after now: after downtime the due slot fires once and the missed ones are skipped.
 */
export async function fireSchedule(
  deps: WorkerDeps,
  claim: ClaimedSchedule,
  allowed: ScheduleAllowed,
): Promise<FireOutcome> {
  const nowMs = deps.now().getTime();
  const next = nextScheduleFireAt({
    suiteId: claim.suiteId,
    cron: claim.schedule,
    timezone: claim.timezone,
    afterMs: Math.max(nowMs, claim.slot.getTime()),
  });
  const settlement = {
    suiteId: claim.suiteId,
    leaseUntil: claim.leaseUntil,
    nextFireAt: next === undefined ? null : new Date(next),
  };
  const reason = allowed(claim.plan, claim.schedule, claim.timezone, nowMs);
  if (reason !== undefined) return { outcome: 'not_allowed', reason, settlement };
  const db = deps.db.tenant(claim.tenantId);
  let queued;
  try {
    queued = await createQueuedRun(db, {
      suiteId: claim.suiteId,
      trigger: 'SCHEDULE',
      idempotencyKey: `schedule:${claim.slot.toISOString()}`,
    });
  } catch (error) {
    if (error instanceof DbError && error.code === 'not_found') return { outcome: 'gone' };
    throw error;
  }
  const { run, created } = queued;
  if (run.status === 'QUEUED') {
    await enqueueRun(
      { fair: deps.fair, queues: deps.queues },
      { tenantId: claim.tenantId, runId: run.id, cap: deps.plans[PlanName.parse(claim.plan)].concurrentRuns },
    );
  }
  return { outcome: 'fired', runId: run.id, created, settlement };
}
