import type { Queues } from './create-queues';
import { webhookJobId } from './job-catalog';

/**
 * Queues the first attempt of delivery rows already committed (job id `webhookJobId(delivery, 1)`, the numbering of the
 * worker's retries, so queueing twice adds one job). A Redis error is not thrown: the row is the source of truth and the
 * reconciler's delivery sweep queues overdue pending rows, so the action that raised the event succeeds either way.
 * Returns how many could not be queued now.
 */
export async function enqueueWebhookDeliveries(
  queues: Pick<Queues, 'enqueue'>,
  tenantId: string,
  deliveryIds: readonly string[],
): Promise<number> {
  let notQueued = 0;
  for (const deliveryId of deliveryIds) {
    try {
      await queues.enqueue('webhook.deliver', { deliveryId, tenantId }, { jobId: webhookJobId(deliveryId, 1) });
    } catch {
      notQueued += 1;
    }
  }
  return notQueued;
}
