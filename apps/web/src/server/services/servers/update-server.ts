import { isSameOrigin } from '@mcptest/core';
import { ApiError } from '@/server/api/api-error';
import { serverOAuthDetectKey } from '@/server/services/server-authorization/detect-server-oauth';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { checkServerUrl } from './check-server-url';
import { getServerOrThrow } from './get-server-or-throw';
import { recordServerAudit } from './record-server-audit';
import { sealServerHeaders } from './server-headers';
import { toDbTransport, type ServerResource, type UpdateServerRequest } from './server-schemas';
import { getServer } from './get-server';

/**
 * Changes a server's name, URL, transport, protocol era or headers. Headers are write-only: given, they replace every stored header;
 * `null` (or `{}`) removes them; absent, they stay, unless the URL moves to another origin (scheme, host or port):
 * then they are removed, because whoever may edit a server but cannot read its headers could otherwise point it at a
 * host of their own and have the next connection test, discovery or run send them there. Headers entered again in the
 * same request are kept. A new URL also removes the server's OAuth connection (its tokens are bound to the old URL).
 * The last discovery is kept, so the next one reports what changed.
 */
export async function updateServer(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
  input: UpdateServerRequest,
): Promise<ServerResource> {
  const current = await getServerOrThrow(deps, actor, serverId);
  if (input.url !== undefined) checkServerUrl(input.url, deps.allowPrivateNetworks);
  const fields = (['name', 'url', 'transport', 'protocol', 'headers'] as const).filter(
    (field) => input[field] !== undefined,
  );
  const headersDropped =
    input.url !== undefined &&
    input.headers === undefined &&
    current.headersEncrypted !== null &&
    !isSameOrigin(current.url, input.url);
  const headers = headersDropped ? null : input.headers;
  // Only if the URL is still the one the decision was made on: a concurrent change could otherwise leave headers of
  // one origin beside another's URL.
  const { count } = await deps.db.tenant(actor.tenantId).server.updateMany({
    where: { id: serverId, url: current.url },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.transport !== undefined ? { transport: toDbTransport(input.transport) } : {}),
      ...(input.protocol !== undefined ? { protocol: input.protocol } : {}),
      ...(headers !== undefined ? sealServerHeaders(deps, actor.tenantId, headers) : {}),
    },
  });
  if (count === 0) throw new ApiError('conflict', 'the server changed while this was saved; load it and try again');
  // An OAuth connection's tokens are bound to the exact URL (RFC 8707 `resource`): a new URL needs a new Connect, and
  // the tokens must not follow the server elsewhere either.
  const authorizationDropped = input.url !== undefined && input.url !== current.url && current.authorization !== null;
  if (authorizationDropped) {
    await deps.db.tenant(actor.tenantId).serverAuthorization.deleteMany({ where: { serverId } });
  }
  if (input.url !== undefined && input.url !== current.url) {
    await deps.redis.del(serverOAuthDetectKey(deps.prefix, serverId));
  }
  // Field names only: the URL may carry a key in its query, and header values are secrets.
  if (fields.length > 0) {
    await recordServerAudit(deps, actor, 'server.update', serverId, {
      fields: [...fields],
      ...(headersDropped ? { headersDropped: true } : {}),
      ...(authorizationDropped ? { authorizationDropped: true } : {}),
    });
  }
  return getServer(deps, actor, serverId);
}
