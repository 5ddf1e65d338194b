import type { Actor } from '@/server/services/service-deps';
import { assertProjectVisible } from './find-webhook-or-throw';
import { toWebhookResource, WEBHOOK_SELECT, type WebhookResource } from './webhook-schemas';
import type { WebhookServiceDeps } from './webhook-service-deps';

/** A project's webhooks, oldest first (at most MAX_WEBHOOKS_PER_PROJECT, so no pagination). Secrets never included. */
export async function listWebhooks(
  deps: WebhookServiceDeps,
  actor: Actor,
  projectId: string,
): Promise<{ items: WebhookResource[] }> {
  await assertProjectVisible(deps, actor, projectId);
  const rows = await deps.db.tenant(actor.tenantId).webhook.findMany({
    where: { projectId },
    select: WEBHOOK_SELECT,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const now = deps.now();
  return { items: rows.map((row) => toWebhookResource(row, now, actor)) };
}
