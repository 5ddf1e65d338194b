import { Queue } from 'bullmq';
import type { Redis } from '../redis';
import {
  bullPrefix,
  JOB_CATALOG,
  parseJobPayload,
  QUEUE_NAMES,
  type JobName,
  type JobPayload,
  type QueueName,
} from './job-catalog';

export interface EnqueueOptions {
  /** Custom BullMQ job id; adding a job whose id exists is a no-op in BullMQ, which makes enqueueing idempotent. */
  jobId?: string;
  delayMs?: number;
}

export interface Queues {
  /** The deployment's REDIS_PREFIX these queues live under. */
  readonly prefix: string;
  queue(name: QueueName): Queue;
  /** Validates the payload against the catalog and adds the job with the catalog's attempts and backoff. */
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<string>;
  close(): Promise<void>;
}

export interface CreateQueuesOptions {
  /** A producer connection (see docs/operations.md: producers fail fast, workers wait for Redis). */
  connection: Redis;
  prefix: string;
}

/** The producer side of every queue in the catalog. */
export function createQueues(options: CreateQueuesOptions): Queues {
  const queues = new Map<QueueName, Queue>();
  const queue = (name: QueueName): Queue => {
    let q = queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: options.connection, prefix: bullPrefix(options.prefix, name) });
      queues.set(name, q);
    }
    return q;
  };
  return {
    prefix: options.prefix,
    queue,
    async enqueue(name, payload, enqueueOptions = {}) {
      const definition = JOB_CATALOG[name];
      const data = parseJobPayload(name, payload);
      const job = await queue(definition.queue).add(name, data, {
        ...(enqueueOptions.jobId === undefined ? {} : { jobId: enqueueOptions.jobId }),
        ...(enqueueOptions.delayMs === undefined ? {} : { delay: enqueueOptions.delayMs }),
        attempts: definition.attempts,
        backoff: definition.backoff,
        // Postgres holds the record of every run; Redis keeps only what is useful to debug recent failures.
        removeOnComplete: true,
        removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
      });
      if (job.id === undefined) throw new Error(`BullMQ returned no id for ${name}`);
      return job.id;
    },
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
      queues.clear();
    },
  };
}

export { QUEUE_NAMES };
