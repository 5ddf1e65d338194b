import { Queue } from 'bullmq';
import { bullPrefix } from '../jobs/job-catalog';
import type { Redis } from '../redis';

/**
 * Deletes what the BullMQ schedule path left in Redis: before schedules moved to Postgres (Suite.nextFireAt and the
 * worker's ticker, docs/operations.md#schedules), each scheduled suite had a job scheduler on the `schedules` queue
 * with a delayed job. Nothing consumes that queue any more, so its keys would stay forever (about 1 KB a suite).
 * Idempotent and cheap once done (an empty queue); every worker calls it at start. Returns whether anything was there.
 */
export async function removeLegacySchedules(connection: Redis, prefix: string): Promise<boolean> {
  const queue = new Queue('schedules', { connection, prefix: bullPrefix(prefix) });
  try {
    const schedulers = await queue.getJobSchedulersCount();
    const jobs = await queue.getJobCountByTypes('delayed', 'waiting', 'active', 'failed', 'completed');
    if (schedulers === 0 && jobs === 0) return false;
    await queue.obliterate({ force: true });
    return true;
  } finally {
    await queue.close();
  }
}
