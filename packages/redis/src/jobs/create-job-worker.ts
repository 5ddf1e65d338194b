import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from '../redis';
import {
  bullPrefix,
  InvalidJobPayloadError,
  parseJobPayload,
  type JobName,
  type JobPayload,
  type JobsOfQueue,
  type QueueName,
} from './job-catalog';

/** What a handler gets besides its payload. */
export interface JobContext {
  job: Job;
  /** BullMQ's lock token, needed to move the job (hand it back) from inside the handler. */
  token: string | undefined;
  /** 1 on the first attempt; more after a retry or a stalled job was taken over. */
  attempt: number;
}

export type JobHandlers<Q extends QueueName> = {
  [N in JobsOfQueue<Q>]: (payload: JobPayload<N>, context: JobContext) => Promise<unknown>;
};

export interface CreateJobWorkerOptions {
  connection: Redis;
  prefix: string;
  /** Jobs of this queue processed at once by this process. */
  concurrency: number;
  /** How long a job's lock lasts without renewal; a worker that dies loses its jobs after this (BullMQ default 30 s). */
  lockDurationMs?: number;
  /** How often this worker looks for stalled jobs of dead workers (BullMQ default 30 s). */
  stalledIntervalMs?: number;
  /** Start processing at once (default) or wait for `worker.run()`. */
  autorun?: boolean;
}

/**
 * A BullMQ worker for one queue whose handlers are typed from the catalog. Payloads are validated before the handler
 * runs; an invalid one fails the job for good (UnrecoverableError) instead of being retried.
 */
export function createJobWorker<Q extends QueueName>(
  queueName: Q,
  handlers: JobHandlers<Q>,
  options: CreateJobWorkerOptions,
): Worker {
  return new Worker(
    queueName,
    async (job: Job, token?: string) => {
      const name = job.name as JobsOfQueue<Q>;
      const handler = handlers[name] as
        ((payload: JobPayload<JobName>, context: JobContext) => Promise<unknown>) | undefined;
      if (!handler) throw new UnrecoverableError(`no handler for job ${job.name} on queue ${queueName}`);
      let payload: JobPayload<JobName>;
      try {
        payload = parseJobPayload(name as JobName, job.data);
      } catch (error) {
        if (error instanceof InvalidJobPayloadError) throw new UnrecoverableError(error.message);
        throw error;
      }
      return handler(payload, { job, token, attempt: job.attemptsMade + 1 });
    },
    {
      connection: options.connection,
      prefix: bullPrefix(options.prefix, queueName),
      concurrency: options.concurrency,
      // BullMQ treats an explicit undefined as a value, so only set what was given.
      ...(options.lockDurationMs === undefined ? {} : { lockDuration: options.lockDurationMs }),
      ...(options.stalledIntervalMs === undefined ? {} : { stalledInterval: options.stalledIntervalMs }),
      // One stall (a worker died) is retried by taking the job over; a job that keeps killing workers fails.
      maxStalledCount: 1,
      autorun: options.autorun ?? true,
    },
  );
}

/**
 * Hands a job back to the queue from inside its handler (worker shutting down): the job is delayed by `delayMs` and
 * another worker takes it. Throws BullMQ's DelayedError, which the handler must let propagate.
 */
export async function handBackJob(context: JobContext, delayMs: number): Promise<never> {
  if (!context.token) throw new Error('cannot hand back a job without its lock token');
  await context.job.moveToDelayed(Date.now() + delayMs, context.token);
  throw new DelayedError();
}

export { UnrecoverableError, type Job, type Worker };
