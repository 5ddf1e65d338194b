import { RUN_STATUS_FROM_WIRE, RUN_TRIGGER_FROM_WIRE } from '@mcptest/core';
import { RUN_CONFORMANCE_INCLUDE } from '@mcptest/db';
import { assertProjectAllowed } from '@/server/api/authenticate';
import { afterCursor, decodeCursor, PAGE_ORDER, toPage, type Page } from '@/server/services/pagination';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import type { ListRunsQuery, RunListItem } from './run-schemas';
import { toRunListItem } from './to-run-resource';

/** Runs of the tenant, newest first, filtered by project, suite, status, trigger or branch. */
export async function listRuns(deps: ServiceDeps, actor: Actor, query: ListRunsQuery): Promise<Page<RunListItem>> {
  if (query.projectId) assertProjectAllowed(actor, query.projectId);
  const projectId = actor.projectId ?? query.projectId;
  const rows = await deps.db.tenant(actor.tenantId).run.findMany({
    where: {
      ...(projectId ? { projectId } : {}),
      ...(query.suiteId ? { suiteId: query.suiteId } : {}),
      ...(query.status ? { status: RUN_STATUS_FROM_WIRE[query.status] } : {}),
      ...(query.trigger ? { trigger: RUN_TRIGGER_FROM_WIRE[query.trigger] } : {}),
      ...(query.branch ? { branch: query.branch } : {}),
      ...afterCursor(decodeCursor(query.cursor)),
    },
    orderBy: PAGE_ORDER,
    take: query.limit + 1,
    include: RUN_CONFORMANCE_INCLUDE,
  });
  return toPage(rows, query.limit, (row) => toRunListItem(row, deps.appUrl));
}
