import { recordAudit } from '@/server/services/record-audit';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getProjectOrThrow } from './get-project-or-throw';
import {
  SURFACE_PIN_TO_DB,
  toProjectResource,
  type ProjectResource,
  type UpdateProjectRequest,
} from './project-schemas';

export async function updateProject(
  deps: ServiceDeps,
  actor: Actor,
  projectId: string,
  input: UpdateProjectRequest,
): Promise<ProjectResource> {
  await getProjectOrThrow(deps, actor, projectId);
  const db = deps.db.tenant(actor.tenantId);
  await db.project.updateMany({
    where: { id: projectId },
    data: {
      ...(input.name ? { name: input.name } : {}),
      ...(input.surfacePin ? { surfacePin: SURFACE_PIN_TO_DB[input.surfacePin] } : {}),
    },
  });
  // The pin decides whether runs fail on a changed surface: who changed it is kept, as for an approval.
  if (input.surfacePin) {
    await recordAudit(db, actor, {
      action: 'project.surface_pin',
      targetType: 'project',
      targetId: projectId,
      metadata: { surfacePin: input.surfacePin },
    });
  }
  return toProjectResource(await getProjectOrThrow(deps, actor, projectId));
}
