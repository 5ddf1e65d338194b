import { z } from 'zod';
import { queueTag } from '../key-tags';

/** BullMQ queues, one per kind of work, so a flood of one kind cannot starve another and each scales on its own. */
export const QUEUE_NAMES = ['runs', 'webhooks'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

const Id = z.string().min(1).max(64);

/**
 * Every job, declared once: its queue, its payload schema, and its retry policy. Payloads carry ids only: the worker
 * loads everything else from Postgres, so secrets never enter Redis and a job never runs on stale data.
 * Producers import this catalog (through `createQueues`); handlers are typed from it (`createJobWorker`).
 */
export const JOB_CATALOG = {
  /**
   * Execute one run. Its BullMQ job id is the run id, so one run has at most one job and the reconciler can look it
   * up. Attempts cover a worker that died mid-run (BullMQ's stalled-job check hands the job to another worker, which
   * resumes the run); errors inside a run are results, not job failures, so retries are rare.
   */
  'run.execute': {
    queue: 'runs',
    payload: z.strictObject({ runId: Id, tenantId: Id }),
    attempts: 3,
    backoff: { type: 'exponential', delay: 2_000 },
  },
  /**
   * Send one webhook delivery attempt (workers/runner/src/webhook). HTTP failures are not job failures: the handler
   * records the attempt and schedules the next one itself, as a new delayed job with id `<deliveryId>-<attempt>`, so
   * its backoff (exponential, full jitter, Retry-After) and give-up rules live with the delivery row in Postgres.
   * These attempts cover the worker's own failures (Postgres away mid-attempt).
   */
  'webhook.deliver': {
    queue: 'webhooks',
    payload: z.strictObject({ deliveryId: Id, tenantId: Id }),
    attempts: 3,
    backoff: { type: 'exponential', delay: 5_000 },
  },
} as const satisfies Record<string, JobDefinition>;

export interface JobDefinition {
  queue: QueueName;
  payload: z.ZodType;
  attempts: number;
  backoff: { type: 'exponential' | 'fixed'; delay: number };
}

export type JobName = keyof typeof JOB_CATALOG;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_CATALOG)[N]['payload']>;
/** The jobs that live on one queue. */
export type JobsOfQueue<Q extends QueueName> = {
  [N in JobName]: (typeof JOB_CATALOG)[N]['queue'] extends Q ? N : never;
}[JobName];

/** The run job's id: the run id itself (BullMQ custom ids must not contain ':'; cuids do not). */
export function runJobId(runId: string): string {
  return runId;
}

/**
 * The id of the job that makes attempt `attempt` of a webhook delivery: `<deliveryId>-<attempt>`. Adding a job whose
 * id exists is a no-op, so an attempt is scheduled once however often it is asked for (a replayed run outbox, a retry).
 */
export function webhookJobId(deliveryId: string, attempt: number): string {
  return `${deliveryId}-${attempt}`;
}

/**
 * BullMQ's key prefix of one queue inside the deployment's REDIS_PREFIX: `<prefix>:bull:{<queue>}`. BullMQ's scripts
 * touch several keys of a queue at once, so on Redis Cluster a queue's keys must share a slot; a tag per queue (not
 * one for all) lets the queues sit on different primaries.
 */
export function bullPrefix(prefix: string, queue: QueueName): string {
  return `${prefix}:bull:${queueTag(queue)}`;
}

/** A payload that does not match its schema: a producer bug or a tampered job; never worth retrying. */
export class InvalidJobPayloadError extends Error {
  readonly code = 'INVALID_JOB_PAYLOAD';
  constructor(
    readonly job: string,
    readonly issues: string,
  ) {
    super(`job ${job} has an invalid payload: ${issues}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/** Validates a payload against the catalog; throws InvalidJobPayloadError naming the fields. */
export function parseJobPayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  const parsed = JOB_CATALOG[name].payload.safeParse(data);
  if (!parsed.success) {
    throw new InvalidJobPayloadError(
      name,
      parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; '),
    );
  }
  return parsed.data as JobPayload<N>;
}
