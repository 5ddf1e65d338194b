import type { Actor } from '@/server/services/service-deps';
import { findWebhookOrThrow } from './find-webhook-or-throw';
import { recordWebhookAudit } from './record-webhook-audit';
import { generateWebhookSecret, sealWebhookSecret } from './webhook-secret';
import {
  SECRET_ROTATION_OVERLAP_MS,
  toWebhookResource,
  WEBHOOK_SELECT,
  type WebhookWithSecretResource,
} from './webhook-schemas';
import type { WebhookServiceDeps } from './webhook-service-deps';

/**
 * Gives a webhook a new signing secret (returned here, once). The current secret becomes the previous one and keeps
 * signing for 24 hours: every delivery in that window carries two `v1,` signatures, so receivers can switch to the new
 * secret whenever they like within the day. Rotating again inside the window drops the oldest secret at once.
 */
export async function rotateWebhookSecret(
  deps: WebhookServiceDeps,
  actor: Actor,
  webhookId: string,
): Promise<WebhookWithSecretResource> {
  await findWebhookOrThrow(deps, actor, webhookId);
  const now = deps.now();
  const secret = generateWebhookSecret();
  const sealed = sealWebhookSecret(deps.secretBox, actor.tenantId, secret);
  const row = await deps.db.tenant(actor.tenantId).transaction(async (tx) => {
    const current = await tx.webhook.findFirst({
      where: { id: webhookId },
      select: { secretEncrypted: true, secretKeyId: true },
    });
    // Same AAD context for both columns, so the sealed bytes move over without being opened here.
    return tx.webhook.update({
      where: { id: webhookId },
      data: {
        ...(current
          ? { previousSecretEncrypted: current.secretEncrypted, previousSecretKeyId: current.secretKeyId }
          : {}),
        previousSecretExpiresAt: new Date(now.getTime() + SECRET_ROTATION_OVERLAP_MS),
        secretEncrypted: sealed.data,
        secretKeyId: sealed.keyId,
      },
      select: WEBHOOK_SELECT,
    });
  });
  await recordWebhookAudit(deps, actor, 'webhook.rotate_secret', webhookId);
  return { ...toWebhookResource(row, now, actor), secret };
}
