import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { afterCursor, decodeCursor, PAGE_ORDER, toPage, type Page, type PageQuery } from '@/server/services/pagination';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import type { SuiteResource } from './suite-schemas';
import { SUITE_RESOURCE_INCLUDE, toSuiteResource } from './suite-resource';

export async function listSuites(
  deps: ServiceDeps,
  actor: Actor,
  projectId: string,
  query: PageQuery,
): Promise<Page<SuiteResource>> {
  await getProjectOrThrow(deps, actor, projectId);
  const rows = await deps.db.tenant(actor.tenantId).suite.findMany({
    where: { projectId, ...afterCursor(decodeCursor(query.cursor)) },
    orderBy: PAGE_ORDER,
    take: query.limit + 1,
    include: SUITE_RESOURCE_INCLUDE,
  });
  const now = deps.now();
  return toPage(rows, query.limit, (row) => toSuiteResource(row, deps.appUrl, now));
}
