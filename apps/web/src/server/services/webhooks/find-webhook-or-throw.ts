import type { Actor } from '@/server/services/service-deps';
import { WebhookNotFoundError } from './errors';
import { WEBHOOK_SELECT } from './webhook-schemas';
import type { WebhookServiceDeps } from './webhook-service-deps';

/**
 * The tenant's webhook, or WebhookNotFoundError, also when the actor is restricted to another project (404 rather
 * than 403, so ids of other projects cannot be probed).
 */
export async function findWebhookOrThrow(deps: WebhookServiceDeps, actor: Actor, webhookId: string) {
  const webhook = await deps.db
    .tenant(actor.tenantId)
    .webhook.findFirst({ where: { id: webhookId }, select: WEBHOOK_SELECT });
  if (!webhook || (actor.projectId && actor.projectId !== webhook.projectId))
    throw new WebhookNotFoundError('webhook not found');
  return webhook;
}

/** Checks the project exists in the tenant and the actor may use it; WebhookNotFoundError otherwise. */
export async function assertProjectVisible(deps: WebhookServiceDeps, actor: Actor, projectId: string): Promise<void> {
  const found =
    (!actor.projectId || actor.projectId === projectId) &&
    (await deps.db.tenant(actor.tenantId).project.findFirst({ where: { id: projectId }, select: { id: true } }));
  if (!found) throw new WebhookNotFoundError('project not found');
}
