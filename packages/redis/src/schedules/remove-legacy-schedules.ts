import { Queue } from 'bullmq';
import { isCluster, type Redis } from '../redis';

/**
 * Deletes what the BullMQ schedule path left in Redis: before schedules moved to Postgres (Suite.nextFireAt and the
 * worker's ticker, docs/operations.md#schedules), each scheduled suite had a job scheduler on the `schedules` queue
 * with a delayed job. Nothing consumes that queue any more, so its keys would stay forever (about 1 KB a suite).
 * Idempotent and cheap once done (an empty queue); every worker calls it at start. Returns whether anything was there.
 * The old queue used the untagged prefix `<prefix>:bull` of that time (LEGACY_BULL_PREFIX); Redis Cluster support came
 * after it, so a cluster has no such keys (and the untagged queue's scripts would cross slots there): skipped.
 */
export async function removeLegacySchedules(connection: Redis, prefix: string): Promise<boolean> {
  if (isCluster(connection)) return false;
  // Look before opening the queue: a BullMQ Queue writes its `meta` key on first use, which would leave an untagged key
  // behind on every start of a deployment that never had the old queue.
  const base = `${legacyBullPrefix(prefix)}:schedules`;
  const present = await connection.exists(...LEGACY_QUEUE_KEYS.map((key) => `${base}:${key}`));
  if (present === 0) return false;
  const queue = new Queue('schedules', { connection, prefix: legacyBullPrefix(prefix) });
  try {
    await queue.obliterate({ force: true });
    return true;
  } finally {
    await queue.close();
  }
}

/** Keys one of which any BullMQ queue that was ever used has: its metadata, job id counter, schedulers, job lists. */
const LEGACY_QUEUE_KEYS = ['meta', 'id', 'repeat', 'delayed', 'wait', 'events', 'completed', 'failed'] as const;

/** BullMQ's key prefix before queues were hash-tagged (docs/operations.md#redis-cluster). */
export function legacyBullPrefix(prefix: string): string {
  return `${prefix}:bull`;
}
