import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import { recordServerAuthorizationAudit } from './server-authorization-audit';

/**
 * Removes a server's OAuth connection (its sealed tokens with it): runs then send no bearer token. The tokens are
 * not revoked at the authorization server (not every one offers revocation); they expire there on their own.
 */
export async function disconnectServer(deps: Pick<ServiceDeps, 'db'>, actor: Actor, serverId: string): Promise<void> {
  await getServerOrThrow(deps, actor, serverId);
  const { count } = await deps.db.tenant(actor.tenantId).serverAuthorization.deleteMany({ where: { serverId } });
  if (count === 0) throw new ApiError('not_found', 'this server has no OAuth connection');
  await recordServerAuthorizationAudit(deps, actor, 'server.disconnect', serverId);
}
