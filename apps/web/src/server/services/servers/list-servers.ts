import { afterCursor, decodeCursor, PAGE_ORDER, toPage, type Page, type PageQuery } from '@/server/services/pagination';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { serverHeaderNames } from './server-headers';
import { SERVER_RESOURCE_SELECT, toServerResource, type ServerResource } from './server-schemas';

/** The servers of a project, newest first. */
export async function listServers(
  deps: ServiceDeps,
  actor: Actor,
  projectId: string,
  query: PageQuery,
): Promise<Page<ServerResource>> {
  await getProjectOrThrow(deps, actor, projectId);
  const rows = await deps.db.tenant(actor.tenantId).server.findMany({
    where: { projectId, ...afterCursor(decodeCursor(query.cursor)) },
    orderBy: PAGE_ORDER,
    take: query.limit + 1,
    select: SERVER_RESOURCE_SELECT,
  });
  return toPage(rows, query.limit, (row) => toServerResource(row, serverHeaderNames(deps, actor.tenantId, row), actor));
}
