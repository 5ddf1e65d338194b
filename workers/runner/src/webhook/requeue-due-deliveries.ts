import { webhookJobId } from '@mcptest/redis';
import type { WebhookDeps } from './webhook-settings';

export interface RequeueDueDeliveriesOptions {
  /** How long past due (or past its claim lease) a pending delivery must be before it is queued again. Default 60 s. */
  graceMs?: number;
  /** At most this many per pass. Default 500. */
  limit?: number;
}

/**
 * Makes Redis match Postgres for webhook deliveries, as the reconciler does for runs: a PENDING delivery whose next
 * attempt is overdue by `graceMs` (its job was lost to a Redis flush, never added because Redis was away, or its
 * worker died mid-attempt and the claim lease ran out) gets a job again. The job id carries the time of the pass, so
 * a failed job left in BullMQ with the attempt's usual id does not block it; two jobs for one attempt are harmless
 * because deliverWebhook claims each attempt once.
 */
export async function requeueDueDeliveries(
  deps: Pick<WebhookDeps, 'db' | 'queues' | 'now'>,
  options: RequeueDueDeliveriesOptions = {},
): Promise<number> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - (options.graceMs ?? 60_000));
  // eslint-disable-next-line no-restricted-properties -- the sweep looks at every tenant's deliveries, like the reconciler.
  const overdue = await deps.db.unscoped.webhookDelivery.findMany({
    where: {
      status: 'PENDING',
      OR: [{ nextAttemptAt: { lt: cutoff } }, { nextAttemptAt: null, createdAt: { lt: cutoff } }],
    },
    select: { id: true, tenantId: true, attempt: true },
    orderBy: { createdAt: 'asc' },
    take: options.limit ?? 500,
  });
  for (const delivery of overdue) {
    await deps.queues.enqueue(
      'webhook.deliver',
      { deliveryId: delivery.id, tenantId: delivery.tenantId },
      { jobId: `${webhookJobId(delivery.id, delivery.attempt + 1)}-r${now.getTime()}` },
    );
  }
  return overdue.length;
}
