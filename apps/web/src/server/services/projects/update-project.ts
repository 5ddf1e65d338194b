import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getProjectOrThrow } from './get-project-or-throw';
import { toProjectResource, type ProjectResource, type UpdateProjectRequest } from './project-schemas';

export async function updateProject(
  deps: ServiceDeps,
  actor: Actor,
  projectId: string,
  input: UpdateProjectRequest,
): Promise<ProjectResource> {
  await getProjectOrThrow(deps, actor, projectId);
  const db = deps.db.tenant(actor.tenantId);
  await db.project.updateMany({ where: { id: projectId }, data: { ...(input.name ? { name: input.name } : {}) } });
  return toProjectResource(await getProjectOrThrow(deps, actor, projectId));
}
