import { findRunResults, RUN_CONFORMANCE_INCLUDE } from '@mcptest/db';
import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import type { RunResource } from './run-schemas';
import { toRunResource } from './to-run-resource';

/** The run row of the tenant, or 404 (also outside a restricted token's project). */
export async function getRunRowOrThrow(deps: ServiceDeps, actor: Actor, runId: string) {
  // The project filter is part of the lookup, so another project's run answers exactly like no run at all.
  const run = await deps.db.tenant(actor.tenantId).run.findFirst({
    where: { id: runId, ...(actor.projectId ? { projectId: actor.projectId } : {}) },
    // The conformance summary is part of the Run resource.
    include: RUN_CONFORMANCE_INCLUDE,
  });
  if (!run) throw new ApiError('not_found', 'run not found');
  return run;
}

/** A run with its results in suite order (trials of one assertion together). */
export async function getRun(deps: ServiceDeps, actor: Actor, runId: string): Promise<RunResource> {
  const run = await getRunRowOrThrow(deps, actor, runId);
  const results = await findRunResults(deps.db.tenant(actor.tenantId), runId);
  return toRunResource(run, results, deps.appUrl);
}
