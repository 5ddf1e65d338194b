import type { Actor } from '@/server/services/service-deps';
import { findWebhookOrThrow } from './find-webhook-or-throw';
import { toWebhookResource, type WebhookResource } from './webhook-schemas';
import type { WebhookServiceDeps } from './webhook-service-deps';

/** One webhook (its secret is never shown again after create or rotate). */
export async function getWebhook(deps: WebhookServiceDeps, actor: Actor, webhookId: string): Promise<WebhookResource> {
  return toWebhookResource(await findWebhookOrThrow(deps, actor, webhookId), deps.now(), actor);
}
