import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getServerOrThrow } from './get-server-or-throw';
import { serverHeaderNames } from './server-headers';
import { toServerResource, type ServerResource } from './server-schemas';

/** One server as the API shows it (header names, never values). */
export async function getServer(deps: ServiceDeps, actor: Actor, serverId: string): Promise<ServerResource> {
  const row = await getServerOrThrow(deps, actor, serverId);
  return toServerResource(row, serverHeaderNames(deps, actor.tenantId, row), actor);
}
