import { claimDueSchedules, settleScheduleClaims, type ClaimedSchedule, type ScheduleSettlement } from '@mcptest/db';
import type { WorkerDeps } from '../worker-deps';
import { createScheduleAllowed, fireSchedule } from './fire-schedule';
import type { ScheduleSettings } from './schedule-settings';

/** What one tick did (tests, the benchmark). */
export interface ScheduleTickReport {
  claimed: number;
  fired: number;
  /** Runs that a slot fired again found already made (a retried claim): not a second run. */
  alreadyFired: number;
  notAllowed: number;
  /** Slots that could not be fired (Postgres or Redis away): handed back, due again at the next tick. */
  failed: number;
  /** Per fired slot, ms from the slot to its run created and queued. */
  lateness: number[];
}

export interface ScheduleLoop {
  /** One tick now: claim due slots in batches until none is left, fire them, settle them. */
  tick(): Promise<ScheduleTickReport>;
  /** Stops ticking and waits for the tick in progress. */
  stop(): Promise<void>;
}

/**
 * The schedule ticker (docs/operations.md#schedules): every `tickMs` it claims due schedules (`claimDueSchedules`:
 * FOR UPDATE SKIP LOCKED with a lease, so any number of workers share the slots and each slot is claimed by one),
 * fires each (`fireSchedule`: the run created with the slot in its idempotency key, and queued) with up to
 * `concurrency` in flight, and settles the batch in one statement (next slot, lease cleared). A full batch is followed
 * by another claim at once, so a backlog drains at the rate the firings go, not one batch per tick.
 * Postgres holds the schedule, so a restart, a new worker or a dead one changes nothing but who fires; a dead worker's
 * claimed slots come back after the lease and fire into the runs already made.
 */
export function startScheduleLoop(
  deps: WorkerDeps,
  settings: ScheduleSettings,
  hooks: { onTick?: (report: ScheduleTickReport) => void; autoStart?: boolean } = {},
): ScheduleLoop {
  const allowed = createScheduleAllowed(deps.plans);
  let stopped = false;

  const fireBatch = async (claimed: readonly ClaimedSchedule[], report: ScheduleTickReport) => {
    const settlements: ScheduleSettlement[] = [];
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const claim = claimed[next++]!;
        try {
          const fired = await fireSchedule(deps, claim, allowed);
          if (fired.outcome === 'gone') continue;
          settlements.push(fired.settlement);
          if (fired.outcome === 'not_allowed') {
            report.notAllowed += 1;
            deps.metrics.scheduleFirings.inc({ outcome: 'not_allowed' });
            // Saved before a plan change or by an older version: skipped until fixed; the API shows why.
            deps.logger.warn(
              { tenantId: claim.tenantId, suiteId: claim.suiteId, reason: fired.reason },
              'schedule not allowed',
            );
            continue;
          }
          const late = Math.max(0, deps.now().getTime() - claim.slot.getTime());
          report.lateness.push(late);
          if (fired.created) report.fired += 1;
          else report.alreadyFired += 1;
          deps.metrics.scheduleFirings.inc({ outcome: 'fired' });
          deps.metrics.scheduleLateness.observe(late / 1000);
        } catch (error) {
          // Not fired: the same slot is due again at the next tick (its key makes a retry find a run half made).
          settlements.push({ suiteId: claim.suiteId, leaseUntil: claim.leaseUntil, nextFireAt: claim.slot });
          report.failed += 1;
          deps.metrics.scheduleFirings.inc({ outcome: 'error' });
          deps.logger.warn(
            { tenantId: claim.tenantId, suiteId: claim.suiteId, slot: claim.slot, error: (error as Error).message },
            'schedule could not be fired; retried at the next tick',
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, claimed.length) }, lane));
    // If this write fails the claims keep their lease and fire again after it, into the runs made here.
    await settleScheduleClaims(deps.db, settlements);
  };

  const tick = async (): Promise<ScheduleTickReport> => {
    const report: ScheduleTickReport = {
      claimed: 0,
      fired: 0,
      alreadyFired: 0,
      notAllowed: 0,
      failed: 0,
      lateness: [],
    };
    while (!stopped) {
      const claimed = await claimDueSchedules(deps.db, {
        now: deps.now(),
        limit: settings.batchSize,
        leaseMs: settings.leaseMs,
      });
      report.claimed += claimed.length;
      if (claimed.length > 0) await fireBatch(claimed, report);
      // A batch with failures stops the drain: those slots are due again at once, and would spin until Postgres or
      // Redis is back.
      if (claimed.length < settings.batchSize || report.failed > 0) break;
    }
    hooks.onTick?.(report);
    return report;
  };

  let running: Promise<unknown> | undefined;
  const timer =
    hooks.autoStart === false
      ? undefined
      : setInterval(() => {
          if (running) return;
          running = tick()
            .catch((error: Error) => deps.logger.warn({ error: error.message }, 'schedule tick failed'))
            .finally(() => {
              running = undefined;
            });
        }, settings.tickMs);
  timer?.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
