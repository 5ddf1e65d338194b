import { RunSurfaceDrift } from '@mcptest/core';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';

/**
 * A run's surface drift as the worker recorded it (Run.surfaceDrift, core RunSurfaceDrift: the diff against the
 * server's previous surface and the pin's verdict), with its server for the link to the Surface tab; null when the
 * run recorded none (no session opened, a run from before surfaces were recorded, or another tenant's or project's run).
 */
export async function getRunSurfaceDrift(
  deps: Pick<ServiceDeps, 'db'>,
  actor: Actor,
  runId: string,
): Promise<{ serverId: string; drift: RunSurfaceDrift } | null> {
  const row = await deps.db.tenant(actor.tenantId).run.findFirst({
    where: { id: runId, ...(actor.projectId ? { projectId: actor.projectId } : {}) },
    select: { serverId: true, surfaceDrift: true },
  });
  const parsed = RunSurfaceDrift.safeParse(row?.surfaceDrift);
  return row && parsed.success ? { serverId: row.serverId, drift: parsed.data } : null;
}
