import type { TenantClient } from '../tenant/tenant-scope';

/**
 * The results of a run in suite order, trials of one assertion together: the one query behind the REST resource, the
 * run page and run completion (inside its transaction too), so they can never disagree on order. Rows are inserted as assertions finish, in plan
 * order, so `createdAt` is suite order; `trial` orders the trials of one assertion.
 */
export function findRunResults(db: Pick<TenantClient, 'assertionResult'>, runId: string) {
  return db.assertionResult.findMany({
    where: { runId },
    orderBy: [{ createdAt: 'asc' }, { trial: 'asc' }],
    select: {
      id: true,
      name: true,
      status: true,
      detail: true,
      durationMs: true,
      tool: true,
      toolClass: true,
      decision: true,
      trial: true,
      wireRevision: true,
      wireFindings: true,
    },
  });
}

export type RunResultRow = Awaited<ReturnType<typeof findRunResults>>[number];
