import { recordAudit, type AuditMetadata } from '@/server/services/record-audit';
import type { Actor } from '@/server/services/service-deps';
import type { WebhookServiceDeps } from './webhook-service-deps';

/** One audit line for a webhook change. `metadata` must never hold a secret. */
export async function recordWebhookAudit(
  deps: WebhookServiceDeps,
  actor: Actor,
  action: string,
  targetId: string,
  metadata?: AuditMetadata,
): Promise<void> {
  await recordAudit(deps.db.tenant(actor.tenantId), actor, { action, targetType: 'webhook', targetId, metadata });
}
