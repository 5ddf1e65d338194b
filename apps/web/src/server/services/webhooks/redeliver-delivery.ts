import type { Actor } from '@/server/services/service-deps';
import { WebhookConflictError, WebhookNotFoundError } from './errors';
import { findWebhookOrThrow } from './find-webhook-or-throw';
import { queueDelivery } from './queue-delivery';
import { recordWebhookAudit } from './record-webhook-audit';
import { toDeliveryResource, type WebhookDeliveryResource } from './webhook-schemas';
import type { WebhookServiceDeps } from './webhook-service-deps';

/**
 * Sends a delivery again: a NEW delivery row with the same event, run and body (byte for byte), then a
 * `webhook.deliver` job for it. The original row stays as it was, so the log shows both. The new row has its own id,
 * which is its `webhook-id`: a receiver that deduplicates on webhook-id processes a manual redelivery (that is what
 * the user asked for), while automatic retries of one delivery keep one id and are deduplicated. A receiver that must
 * never act twice on one event keys on `data.run.id` + `type`. Refused (409) while the webhook is disabled: enable it
 * first. If the job cannot be queued right now (Redis away), the row stays pending and the worker's reconciler
 * queues it within about a minute.
 */
export async function redeliverDelivery(
  deps: WebhookServiceDeps,
  actor: Actor,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDeliveryResource> {
  const webhook = await findWebhookOrThrow(deps, actor, webhookId);
  const db = deps.db.tenant(actor.tenantId);
  const original = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, webhookId },
    select: { event: true, runId: true, payload: true },
  });
  if (!original) throw new WebhookNotFoundError('delivery not found');
  if (!webhook.enabled) throw new WebhookConflictError('the webhook is disabled; enable it before redelivering');
  const row = await db.webhookDelivery.create({
    data: {
      tenantId: actor.tenantId,
      webhookId,
      runId: original.runId,
      event: original.event,
      payload: original.payload as object,
    },
  });
  await queueDelivery(deps, actor.tenantId, row.id);
  await recordWebhookAudit(deps, actor, 'webhook.redeliver', webhookId, { deliveryId, newDeliveryId: row.id });
  return toDeliveryResource(row);
}
