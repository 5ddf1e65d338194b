import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getServerOrThrow } from './get-server-or-throw';
import { recordServerAudit } from './record-server-audit';

/** Prisma's "foreign key constraint failed": a suite was pointed at the server while it was being deleted. */
function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2003';
}

function inUse(count: number): ApiError {
  return new ApiError(
    'conflict',
    `the server is used by ${count === 1 ? 'a suite' : `${count} suites`}; point them at another server or delete them first`,
    { suites: count },
  );
}

/**
 * Deletes a server with its discovery (and the runs recorded against it). 409 while suites use it: they would be left
 * without a target, so the user decides what happens to them.
 */
export async function deleteServer(deps: ServiceDeps, actor: Actor, serverId: string): Promise<void> {
  await getServerOrThrow(deps, actor, serverId);
  const db = deps.db.tenant(actor.tenantId);
  const suites = await db.suite.count({ where: { serverId } });
  if (suites > 0) throw inUse(suites);
  try {
    await db.server.deleteMany({ where: { id: serverId } });
  } catch (error) {
    // Suite.server is onDelete: Restrict, so a suite created since the count still stops the delete.
    if (isForeignKeyViolation(error)) throw inUse(await db.suite.count({ where: { serverId } }));
    throw error;
  }
  await recordServerAudit(deps, actor, 'server.delete', serverId);
}
