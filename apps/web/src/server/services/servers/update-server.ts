import type { Actor, ServiceDeps } from '../service-deps';
import { checkServerUrl } from './check-server-url';
import { getServerOrThrow } from './get-server-or-throw';
import { recordServerAudit } from './record-server-audit';
import { sealServerHeaders } from './server-headers';
import { toDbTransport, type ServerResource, type UpdateServerRequest } from './server-schemas';
import { getServer } from './get-server';

/**
 * Changes a server's name, URL, transport or headers. Headers are write-only: given, they replace every stored header;
 * `null` (or `{}`) removes them; absent, they stay. The last discovery is kept, so the next one reports what changed.
 */
export async function updateServer(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
  input: UpdateServerRequest,
): Promise<ServerResource> {
  await getServerOrThrow(deps, actor, serverId);
  if (input.url !== undefined) checkServerUrl(input.url, deps.allowPrivateNetworks);
  const fields = (['name', 'url', 'transport', 'headers'] as const).filter((field) => input[field] !== undefined);
  await deps.db.tenant(actor.tenantId).server.updateMany({
    where: { id: serverId },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.transport !== undefined ? { transport: toDbTransport(input.transport) } : {}),
      ...(input.headers !== undefined ? sealServerHeaders(deps, actor.tenantId, input.headers) : {}),
    },
  });
  // Field names only: the URL may carry a key in its query, and header values are secrets.
  if (fields.length > 0) await recordServerAudit(deps, actor, 'server.update', serverId, { fields: [...fields] });
  return getServer(deps, actor, serverId);
}
