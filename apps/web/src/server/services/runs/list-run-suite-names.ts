import { z } from 'zod';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';

/** Either the suites of a page of runs (`ids`), or the first `limit` suites by name (a filter's choices). */
export const ListRunSuiteNamesQuery = z.object({
  ids: z.array(z.string()).max(100).optional(),
  limit: z.int().min(1).max(200).default(100),
});
export type ListRunSuiteNamesQuery = z.input<typeof ListRunSuiteNamesQuery>;

export interface RunSuiteName {
  id: string;
  name: string;
  projectName: string;
}

/**
 * Suite and project names for run lists across suites: run rows carry only ids. Bounded either way, so a tenant with
 * thousands of suites still costs one small query; `truncated` says the choices are not all of them.
 */
export async function listRunSuiteNames(
  deps: ServiceDeps,
  actor: Actor,
  query: ListRunSuiteNamesQuery = {},
): Promise<{ items: RunSuiteName[]; truncated: boolean }> {
  const { ids, limit } = ListRunSuiteNamesQuery.parse(query);
  if (ids && ids.length === 0) return { items: [], truncated: false };
  const take = ids ? ids.length : limit + 1;
  const rows = await deps.db.tenant(actor.tenantId).suite.findMany({
    where: {
      ...(ids ? { id: { in: ids } } : {}),
      ...(actor.projectId ? { projectId: actor.projectId } : {}),
    },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take,
    select: { id: true, name: true, project: { select: { name: true } } },
  });
  const truncated = !ids && rows.length > limit;
  return {
    items: rows
      .slice(0, ids ? rows.length : limit)
      .map((r) => ({ id: r.id, name: r.name, projectName: r.project.name })),
    truncated,
  };
}
