import type { Actor } from '@/server/services/service-deps';
import { WebhookConflictError } from './errors';
import { findWebhookOrThrow } from './find-webhook-or-throw';
import { queueDelivery } from './queue-delivery';
import { recordWebhookAudit } from './record-webhook-audit';
import { toDeliveryResource, type WebhookDeliveryResource } from './webhook-schemas';
import type { WebhookServiceDeps } from './webhook-service-deps';

/** The event type of a test delivery (docs/webhooks.md, "Test event"); never raised by a run. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * "Send test event": a delivery of `webhook.test`, signed and sent by the worker exactly like a run's event (same
 * headers, retries and delivery log), so a receiver can be checked before any run finishes. It goes out whatever
 * events the webhook subscribes to (the user asked for it), carries no run (`runId` null), and names only the webhook
 * and its project. Refused (409) while the webhook is disabled, as redelivery is. If the job cannot be queued now
 * (Redis away), the row stays pending and the worker's reconciler queues it.
 */
export async function sendTestEvent(
  deps: WebhookServiceDeps,
  actor: Actor,
  webhookId: string,
): Promise<WebhookDeliveryResource> {
  const webhook = await findWebhookOrThrow(deps, actor, webhookId);
  if (!webhook.enabled) throw new WebhookConflictError('the webhook is disabled; enable it before sending a test');
  const payload = {
    type: WEBHOOK_TEST_EVENT,
    timestamp: deps.now().toISOString(),
    data: { webhook: { id: webhook.id, projectId: webhook.projectId } },
  };
  const row = await deps.db.tenant(actor.tenantId).webhookDelivery.create({
    data: { tenantId: actor.tenantId, webhookId, event: WEBHOOK_TEST_EVENT, payload },
  });
  await queueDelivery(deps, actor.tenantId, row.id);
  await recordWebhookAudit(deps, actor, 'webhook.test', webhookId, { deliveryId: row.id });
  return toDeliveryResource(row);
}
