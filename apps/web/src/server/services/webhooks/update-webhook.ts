import type { Actor } from '@/server/services/service-deps';
import { checkWebhookUrl } from './check-webhook-url';
import { findWebhookOrThrow } from './find-webhook-or-throw';
import { parseWebhookRequest } from './parse-webhook-request';
import { recordWebhookAudit } from './record-webhook-audit';
import { toWebhookResource, UpdateWebhookRequest, WEBHOOK_SELECT, type WebhookResource } from './webhook-schemas';
import type { WebhookServiceDeps } from './webhook-service-deps';

/**
 * Changes a webhook's url, events or enabled flag. A new URL is checked like at creation. Enabling a disabled webhook
 * (after 410 Gone or too many failures) resets its failure count; it gets deliveries for runs that finish from then
 * on (deliveries that failed meanwhile can be redelivered).
 */
export async function updateWebhook(
  deps: WebhookServiceDeps,
  actor: Actor,
  webhookId: string,
  input: UpdateWebhookRequest,
): Promise<WebhookResource> {
  const request = parseWebhookRequest(UpdateWebhookRequest, input);
  const current = await findWebhookOrThrow(deps, actor, webhookId);
  if (request.url !== undefined) checkWebhookUrl(request.url, deps.allowPrivateNetworks);
  const now = deps.now();
  const enabling = request.enabled === true && !current.enabled;
  const disabling = request.enabled === false && current.enabled;
  const row = await deps.db.tenant(actor.tenantId).webhook.update({
    where: { id: webhookId },
    data: {
      ...(request.url !== undefined ? { url: request.url } : {}),
      ...(request.events !== undefined ? { events: request.events } : {}),
      ...(enabling ? { enabled: true, disabledAt: null, consecutiveFailures: 0 } : {}),
      ...(disabling ? { enabled: false, disabledAt: now } : {}),
    },
    select: WEBHOOK_SELECT,
  });
  await recordWebhookAudit(deps, actor, 'webhook.update', webhookId, {
    fields: Object.keys(request).filter((k) => request[k as keyof typeof request] !== undefined),
  });
  return toWebhookResource(row, now, actor);
}
