import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getServerOrThrow } from './get-server-or-throw';
import { openServerHeaders } from './server-headers';
import { fromDbProtocol, fromDbTransport, type ServerRow } from './server-schemas';
import type { ServerTarget } from './with-server-session';

/**
 * The tenant's server (404 otherwise) and how to reach it, headers decrypted, and whether it has an OAuth connection. Headers that cannot be decrypted (a
 * retired key) are a 409 that says to set them again; the message names the key id or the failure, never the secret.
 */
export async function loadServerTarget(
  deps: Pick<ServiceDeps, 'db' | 'secretBox'>,
  actor: Actor,
  serverId: string,
): Promise<{ row: ServerRow; target: ServerTarget }> {
  const row = await getServerOrThrow(deps, actor, serverId);
  let headers: Record<string, string> | undefined;
  try {
    headers = openServerHeaders(deps, actor.tenantId, row);
  } catch (error) {
    throw new ApiError(
      'conflict',
      `the server's headers cannot be decrypted (${error instanceof Error ? error.message : String(error)}); set them again with PATCH /servers/{id}`,
    );
  }
  return {
    row,
    target: {
      url: row.url,
      transport: fromDbTransport(row.transport),
      protocol: fromDbProtocol(row.protocol),
      headers,
      // The OAuth connection is opened by the session itself (withServerSession), refreshed as a run's is; its token
      // is never one of `headers`, which patchServerHeaders writes back as the server's static headers.
      ...(row.authorization ? { oauthServerId: row.id } : {}),
    },
  };
}
