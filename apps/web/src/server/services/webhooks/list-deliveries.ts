import type { Actor } from '@/server/services/service-deps';
import { afterCursor, decodeCursor, PAGE_ORDER, toPage, type Page } from '@/server/services/pagination';
import { findWebhookOrThrow } from './find-webhook-or-throw';
import { parseWebhookRequest } from './parse-webhook-request';
import { ListDeliveriesQuery, toDeliveryResource, type WebhookDeliveryResource } from './webhook-schemas';
import type { WebhookServiceDeps } from './webhook-service-deps';

const STATUS = { pending: 'PENDING', succeeded: 'SUCCEEDED', failed: 'FAILED' } as const;

/**
 * A webhook's delivery log, newest first (createdAt desc, id desc), `limit` (1 to 100, default 20) per page, with an
 * opaque `cursor` for the next page and an optional status filter. Each item carries the body sent, the last status
 * code, the first 1 KB of the answer and the error.
 */
export async function listDeliveries(
  deps: WebhookServiceDeps,
  actor: Actor,
  webhookId: string,
  input: ListDeliveriesQuery,
): Promise<Page<WebhookDeliveryResource>> {
  const query = parseWebhookRequest(ListDeliveriesQuery, input, 'query');
  await findWebhookOrThrow(deps, actor, webhookId);
  const rows = await deps.db.tenant(actor.tenantId).webhookDelivery.findMany({
    where: {
      webhookId,
      ...(query.status ? { status: STATUS[query.status] } : {}),
      ...afterCursor(decodeCursor(query.cursor)),
    },
    orderBy: PAGE_ORDER,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, toDeliveryResource);
}
