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
  const suffixed = () => `${base}-${randomBytes(3).toString('hex')}`;
  const create = (slug: string) => db.project.create({ data: { tenantId: actor.tenantId, name: input.name, slug } });
  const taken = await db.project.findFirst({ where: { slug: base }, select: { id: true } });
  let project: Awaited<ReturnType<typeof create>>;
  try {
    project = await create(taken ? suffixed() : base);
  } catch (error) {
    // P2002: a concurrent request took the same slug between the check and the insert (a 500 before); suffix it.
    if ((error as { code?: unknown }).code !== 'P2002') throw error;
    project = await create(suffixed());
  }
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
