import { webhookJobId } from '@mcptest/redis';
import type { WebhookServiceDeps } from './webhook-service-deps';

/**
 * Queues the first attempt of a delivery row just written (job id `webhookJobId(delivery, 1)`, the numbering of the
 * worker's retries). A Redis error is swallowed: the row is the source of truth, and the worker's reconciler queues overdue
 * pending deliveries, so the user's action succeeds either way.
 */
export async function queueDelivery(
  deps: Pick<WebhookServiceDeps, 'queues'>,
  tenantId: string,
  deliveryId: string,
): Promise<void> {
  try {
    await deps.queues.enqueue('webhook.deliver', { deliveryId, tenantId }, { jobId: webhookJobId(deliveryId, 1) });
  } catch {
    // Picked up by the reconciler (see above).
  }
}
