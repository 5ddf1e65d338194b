import type { Actor } from '@/server/services/service-deps';
import { checkWebhookUrl } from './check-webhook-url';
import { WebhookConflictError } from './errors';
import { assertProjectVisible } from './find-webhook-or-throw';
import { parseWebhookRequest } from './parse-webhook-request';
import { recordWebhookAudit } from './record-webhook-audit';
import { generateWebhookSecret, sealWebhookSecret } from './webhook-secret';
import {
  CreateWebhookRequest,
  MAX_WEBHOOKS_PER_PROJECT,
  toWebhookResource,
  WEBHOOK_SELECT,
  type WebhookWithSecretResource,
} from './webhook-schemas';
import type { WebhookServiceDeps } from './webhook-service-deps';

/**
 * Registers a webhook on a project. The URL is checked against the private-network rules first (a literal private,
 * link-local or metadata address is refused naming the rule). The signing secret (`whsec_...`) is generated here,
 * stored sealed, and returned in this response only.
 */
export async function createWebhook(
  deps: WebhookServiceDeps,
  actor: Actor,
  projectId: string,
  input: CreateWebhookRequest,
): Promise<WebhookWithSecretResource> {
  const request = parseWebhookRequest(CreateWebhookRequest, input);
  await assertProjectVisible(deps, actor, projectId);
  checkWebhookUrl(request.url, deps.allowPrivateNetworks);
  const db = deps.db.tenant(actor.tenantId);
  const count = await db.webhook.count({ where: { projectId } });
  if (count >= MAX_WEBHOOKS_PER_PROJECT)
    throw new WebhookConflictError(`a project can have at most ${MAX_WEBHOOKS_PER_PROJECT} webhooks`);
  const secret = generateWebhookSecret();
  const sealed = sealWebhookSecret(deps.secretBox, actor.tenantId, secret);
  const now = deps.now();
  const row = await db.webhook.create({
    data: {
      tenantId: actor.tenantId,
      projectId,
      url: request.url,
      events: request.events,
      enabled: request.enabled,
      ...(request.enabled ? {} : { disabledAt: now }),
      secretEncrypted: sealed.data,
      secretKeyId: sealed.keyId,
    },
    select: WEBHOOK_SELECT,
  });
  await recordWebhookAudit(deps, actor, 'webhook.create', row.id, { projectId, events: request.events });
  return { ...toWebhookResource(row, now, actor), secret };
}
