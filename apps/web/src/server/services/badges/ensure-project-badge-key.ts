import { randomBytes } from 'node:crypto';
import { DbError } from '@mcptest/db';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';

/** 24 random bytes, base64url: 32 URL-safe characters, 192 bits; as unguessable as the suites' keys. */
export function generateBadgeKey(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The project's badge key, created on first use: projects get one only when someone authenticated asks for the
 * project badge, so a project nobody publishes has no public URL at all. Concurrent first calls agree on one key
 * (set only where it is still null, then read back). Throws DbError `not_found` for a project outside the actor's
 * tenant or outside the project its token is restricted to.
 */
export async function ensureProjectBadgeKey(
  deps: Pick<ServiceDeps, 'db'>,
  actor: Actor,
  projectId: string,
): Promise<string> {
  const notFound = () => new DbError('not_found', 'project not found', { projectId });
  if (actor.projectId !== undefined && actor.projectId !== projectId) throw notFound();
  const db = deps.db.tenant(actor.tenantId);
  const read = () => db.project.findFirst({ where: { id: projectId }, select: { badgeKey: true } });
  const project = await read();
  if (!project) throw notFound();
  if (project.badgeKey) return project.badgeKey;
  await db.project.updateMany({ where: { id: projectId, badgeKey: null }, data: { badgeKey: generateBadgeKey() } });
  const after = await read();
  if (!after?.badgeKey) throw notFound();
  return after.badgeKey;
}
