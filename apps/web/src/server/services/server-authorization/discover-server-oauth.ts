import { discoverOAuth, SsrfRefusedError, type FetchLike, type OAuthDiscovery } from '@mcptest/mcp';
import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import { tenantOutboundFetch } from '@/server/services/servers/tenant-outbound-fetch';
import { toOAuthApiError } from './oauth-failure';
import { probeOAuthChallenge } from './probe-oauth-challenge';

/**
 * The first half of every connect: the tenant's server (404 otherwise), the tenant's SSRF-safe fetch, and the OAuth
 * discovery from the server's 401 challenge (else the well-known paths), endpoints checked against the same address
 * rules as the server URL. Failures are the API errors of {@link toOAuthApiError}.
 */
export async function discoverServerOAuth(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
): Promise<{ fetch: FetchLike; discovery: OAuthDiscovery }> {
  const row = await getServerOrThrow(deps, actor, serverId);
  const fetch = await tenantOutboundFetch(deps, actor.tenantId);
  try {
    let wwwAuthenticate: string | undefined;
    try {
      wwwAuthenticate = await probeOAuthChallenge(fetch, row.url);
    } catch (error) {
      if (error instanceof SsrfRefusedError) throw error;
      throw new ApiError(
        'bad_request',
        `OAuth connect failed: the server did not answer (${error instanceof Error ? error.message : String(error)})`,
        { reason: 'connect_failed' },
      );
    }
    const discovery = await discoverOAuth({
      serverUrl: row.url,
      fetch,
      ...(wwwAuthenticate === undefined ? {} : { wwwAuthenticate }),
      allowPrivateNetworks: deps.allowPrivateNetworks,
    });
    return { fetch, discovery };
  } catch (error) {
    throw toOAuthApiError(error);
  }
}
