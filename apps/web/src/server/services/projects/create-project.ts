import { createWithUniqueSlug, slugify } from '@mcptest/db';
import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { toProjectResource, type CreateProjectRequest, type ProjectResource } from './project-schemas';
import { recordAudit } from '@/server/services/record-audit';

/**
 * Creates a project; its slug comes from the name, with a random suffix when the tenant already uses it (or a concurrent
 * request takes it first).
 */
export async function createProject(
  deps: ServiceDeps,
  actor: Actor,
  input: CreateProjectRequest,
): Promise<ProjectResource> {
  if (actor.projectId) throw new ApiError('forbidden', 'a token restricted to one project cannot create projects');
  const db = deps.db.tenant(actor.tenantId);
  const project = await createWithUniqueSlug(
    slugify(input.name),
    async (slug) => (await db.project.findFirst({ where: { slug }, select: { id: true } })) !== null,
    (slug) => db.project.create({ data: { tenantId: actor.tenantId, name: input.name, slug } }),
  );
  await recordAudit(db, actor, { action: 'project.create', targetType: 'project', targetId: project.id });
  return toProjectResource(project);
}
