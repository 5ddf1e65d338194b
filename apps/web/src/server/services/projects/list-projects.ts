import { afterCursor, decodeCursor, PAGE_ORDER, toPage, type Page, type PageQuery } from '@/server/services/pagination';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { toProjectResource, type ProjectResource } from './project-schemas';

/** The tenant's projects, newest first (only its own project for a restricted token). */
export async function listProjects(deps: ServiceDeps, actor: Actor, query: PageQuery): Promise<Page<ProjectResource>> {
  const rows = await deps.db.tenant(actor.tenantId).project.findMany({
    where: { ...(actor.projectId ? { id: actor.projectId } : {}), ...afterCursor(decodeCursor(query.cursor)) },
    orderBy: PAGE_ORDER,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, toProjectResource);
}
