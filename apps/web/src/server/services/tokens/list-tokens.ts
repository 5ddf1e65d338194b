import { afterCursor, decodeCursor, PAGE_ORDER, toPage, type Page, type PageQuery } from '@/server/services/pagination';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { toTokenResource, TOKEN_RESOURCE_SELECT, type TokenResource } from './token-schemas';

/** The tenant's tokens, newest first, revoked and expired ones included (never the token or its hash). */
export async function listTokens(deps: ServiceDeps, actor: Actor, query: PageQuery): Promise<Page<TokenResource>> {
  const rows = await deps.db.tenant(actor.tenantId).apiToken.findMany({
    where: { ...(actor.projectId ? { projectId: actor.projectId } : {}), ...afterCursor(decodeCursor(query.cursor)) },
    orderBy: PAGE_ORDER,
    take: query.limit + 1,
    select: TOKEN_RESOURCE_SELECT,
  });
  return toPage(rows, query.limit, toTokenResource);
}
