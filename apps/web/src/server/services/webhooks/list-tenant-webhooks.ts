import { afterCursor, decodeCursor, PAGE_ORDER, PageQuery, toPage, type Page } from '@/server/services/pagination';
import type { Actor } from '@/server/services/service-deps';
import { parseWebhookRequest } from './parse-webhook-request';
import { toWebhookResource, WEBHOOK_SELECT, type WebhookResource } from './webhook-schemas';
import type { WebhookServiceDeps } from './webhook-service-deps';

/** A webhook as the organization-wide list shows it: with the name of the project it belongs to. */
export type TenantWebhookResource = WebhookResource & { projectName: string };

/**
 * Every webhook of the tenant across its projects, newest first, a keyset page at a time (the settings page lists
 * them all in one place; `listWebhooks` is the per-project list of the REST API). A token restricted to a project sees
 * only that project's. Secrets are never included.
 */
export async function listTenantWebhooks(
  deps: WebhookServiceDeps,
  actor: Actor,
  input: PageQuery,
): Promise<Page<TenantWebhookResource>> {
  const query = parseWebhookRequest(PageQuery, input, 'query');
  const rows = await deps.db.tenant(actor.tenantId).webhook.findMany({
    where: {
      ...(actor.projectId ? { projectId: actor.projectId } : {}),
      ...afterCursor(decodeCursor(query.cursor)),
    },
    orderBy: PAGE_ORDER,
    take: query.limit + 1,
    select: { ...WEBHOOK_SELECT, project: { select: { name: true } } },
  });
  const now = deps.now();
  return toPage(rows, query.limit, (row) => ({ ...toWebhookResource(row, now, actor), projectName: row.project.name }));
}
