import type { Actor } from '@/server/services/service-deps';
import { findWebhookOrThrow } from './find-webhook-or-throw';
import { recordWebhookAudit } from './record-webhook-audit';
import type { WebhookServiceDeps } from './webhook-service-deps';

/**
 * Deletes a webhook and its delivery log. Jobs still queued for its deliveries find nothing and end quietly.
 */
export async function deleteWebhook(deps: WebhookServiceDeps, actor: Actor, webhookId: string): Promise<void> {
  await findWebhookOrThrow(deps, actor, webhookId);
  await deps.db.tenant(actor.tenantId).webhook.deleteMany({ where: { id: webhookId } });
  await recordWebhookAudit(deps, actor, 'webhook.delete', webhookId);
}
