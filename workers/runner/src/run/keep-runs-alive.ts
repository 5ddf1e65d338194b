import type { WorkerDeps } from '../worker-deps';

/**
 * One tick for the runs this process executes: their `heartbeatAt` is refreshed (the reconciler's sign of life), their
 * fair-admission slots are renewed, and any with a cancel request in Postgres is stopped. The pub/sub cancel path is
 * faster; this one cannot be missed.
 */
export async function keepRunsAlive(deps: WorkerDeps): Promise<{ alive: number; cancelled: number }> {
  const runs = deps.active.list();
  if (runs.length === 0) return { alive: 0, cancelled: 0 };
  const ids = runs.map((r) => r.runId);
  // eslint-disable-next-line no-restricted-properties -- this worker's runs span tenants; ids come from its own registry.
  await deps.db.unscoped.run.updateMany({
    where: { id: { in: ids }, status: 'RUNNING' },
    data: { heartbeatAt: deps.now() },
  });
  await Promise.all(runs.map((r) => deps.fair.renew(r)));
  // eslint-disable-next-line no-restricted-properties -- as above.
  const cancels = await deps.db.unscoped.run.findMany({
    where: { id: { in: ids }, cancelRequestedAt: { not: null } },
    select: { id: true },
  });
  let cancelled = 0;
  for (const { id } of cancels) if (deps.active.abort(id, 'cancelled')) cancelled += 1;
  return { alive: runs.length, cancelled };
}
