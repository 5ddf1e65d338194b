import type { Actor } from '@/server/services/service-deps';
import type { WebhookServiceDeps } from './webhook-service-deps';

/** One audit line for a webhook change. `metadata` must never hold a secret. */
export async function recordWebhookAudit(
  deps: WebhookServiceDeps,
  actor: Actor,
  action: string,
  targetId: string,
  metadata?: Record<string, string | number | boolean | string[] | null>,
): Promise<void> {
  await deps.db.tenant(actor.tenantId).auditLog.create({
    data: {
      tenantId: actor.tenantId,
      actorTokenId: actor.tokenId ?? null,
      actorUserId: actor.userId ?? null,
      action,
      targetType: 'webhook',
      targetId,
      ...(metadata ? { metadata } : {}),
    },
  });
}
