import { randomBytes } from 'node:crypto';
import { slugify } from '@mcptest/db';
import { ApiError } from '../../api/api-error';
import type { Actor, ServiceDeps } from '../service-deps';
import { toProjectResource, type CreateProjectRequest, type ProjectResource } from './project-schemas';

/** Creates a project; its slug comes from the name, with a random suffix when the tenant already uses it. */
export async function createProject(
  deps: ServiceDeps,
  actor: Actor,
  input: CreateProjectRequest,
): Promise<ProjectResource> {
  if (actor.projectId) throw new ApiError('forbidden', 'a token restricted to one project cannot create projects');
  const db = deps.db.tenant(actor.tenantId);
  const base = slugify(input.name);
  const taken = await db.project.findFirst({ where: { slug: base }, select: { id: true } });
  const project = await db.project.create({
    data: {
      tenantId: actor.tenantId,
      name: input.name,
      slug: taken ? `${base}-${randomBytes(3).toString('hex')}` : base,
    },
  });
  await db.auditLog.create({
    data: {
      tenantId: actor.tenantId,
      actorTokenId: actor.tokenId,
      actorUserId: actor.userId,
      action: 'project.create',
      targetType: 'project',
      targetId: project.id,
    },
  });
  return toProjectResource(project);
}
