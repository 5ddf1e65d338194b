import { ApiError } from '@/server/api/api-error';
import { assertProjectAllowed } from '@/server/api/authenticate';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';

/** The tenant's project, or 404 (also for a token restricted to another project). */
export async function getProjectOrThrow(deps: ServiceDeps, actor: Actor, projectId: string) {
  assertProjectAllowed(actor, projectId);
  const project = await deps.db.tenant(actor.tenantId).project.findFirst({ where: { id: projectId } });
  if (!project) throw new ApiError('not_found', 'project not found');
  return project;
}
