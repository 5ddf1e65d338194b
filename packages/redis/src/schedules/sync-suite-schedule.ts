import type { Queues } from '../jobs/create-queues';
import { JOB_CATALOG, suiteSchedulerId } from '../jobs/job-catalog';

export interface ScheduledSuite {
  id: string;
  tenantId: string;
  /** Cron (5 fields, or 6 with seconds); null means not scheduled. Validated against the plan before it gets here. */
  schedule: string | null;
  timezone: string;
  enabled: boolean;
  /** The schedule alone (paused: false); absent means on. */
  scheduleEnabled?: boolean;
}

/**
 * Makes the suite's BullMQ job scheduler match the suite: upserted (pattern and timezone) when it has a schedule and
 * both the suite and its schedule are enabled, removed otherwise. Call it whenever a suite is saved or deleted; the reconciler also calls it for every
 * scheduled suite, because Postgres is the source of truth and Redis may have lost its schedulers.
 */
export async function syncSuiteSchedule(queues: Queues, suite: ScheduledSuite): Promise<'upserted' | 'removed'> {
  const queue = queues.queue('schedules');
  const id = suiteSchedulerId(suite.id);
  if (!suite.enabled || suite.scheduleEnabled === false || suite.schedule === null) {
    await queue.removeJobScheduler(id);
    return 'removed';
  }
  const job = JOB_CATALOG['suite.scheduled'];
  await queue.upsertJobScheduler(
    id,
    { pattern: suite.schedule, tz: suite.timezone },
    {
      name: 'suite.scheduled',
      data: job.payload.parse({ suiteId: suite.id, tenantId: suite.tenantId }),
      opts: {
        attempts: job.attempts,
        backoff: job.backoff,
        removeOnComplete: true,
        removeOnFail: { age: 7 * 24 * 3600, count: 1_000 },
      },
    },
  );
  return 'upserted';
}

export interface ExistingScheduler {
  /** The suite id (from the scheduler id), or undefined for a scheduler that is not a suite's. */
  suiteId: string | undefined;
  schedulerId: string;
  pattern: string | undefined;
  tz: string | undefined;
}

/** Every job scheduler on the schedules queue, for the reconciler to compare with Postgres. */
export async function listSuiteSchedulers(queues: Queues): Promise<ExistingScheduler[]> {
  const schedulers = await queues.queue('schedules').getJobSchedulers(0, -1, true);
  return schedulers.map((s) => ({
    schedulerId: s.key,
    suiteId: s.key.startsWith('suite-') ? s.key.slice('suite-'.length) : undefined,
    pattern: s.pattern ?? undefined,
    tz: s.tz ?? undefined,
  }));
}

/** Removes a scheduler by id (a suite that was deleted or lost its schedule). */
export async function removeSuiteScheduler(queues: Queues, schedulerId: string): Promise<void> {
  await queues.queue('schedules').removeJobScheduler(schedulerId);
}
