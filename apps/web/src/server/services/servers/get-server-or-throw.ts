import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { SERVER_RESOURCE_SELECT, type ServerRow } from './server-schemas';

/**
 * The tenant's server (resource columns, no discovery), or 404: also for a token restricted to another project, so a
 * restricted token cannot tell other projects' servers exist.
 */
export async function getServerOrThrow(
  deps: Pick<ServiceDeps, 'db'>,
  actor: Actor,
  serverId: string,
): Promise<ServerRow> {
  const row = await deps.db.tenant(actor.tenantId).server.findFirst({
    where: { id: serverId, ...(actor.projectId ? { projectId: actor.projectId } : {}) },
    select: SERVER_RESOURCE_SELECT,
  });
  if (!row) throw new ApiError('not_found', 'server not found');
  return row;
}
