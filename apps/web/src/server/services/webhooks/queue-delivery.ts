import { enqueueWebhookDeliveries } from '@mcptest/redis';
import type { WebhookServiceDeps } from './webhook-service-deps';

/**
 * Queues the first attempt of a delivery row just written. A Redis error is swallowed (`enqueueWebhookDeliveries`): the
 * row is the source of truth, and the worker's reconciler queues overdue pending deliveries, so the user's action
 * succeeds either way.
 */
export async function queueDelivery(
  deps: Pick<WebhookServiceDeps, 'queues'>,
  tenantId: string,
  deliveryId: string,
): Promise<void> {
  await enqueueWebhookDeliveries(deps.queues, tenantId, [deliveryId]);
}
