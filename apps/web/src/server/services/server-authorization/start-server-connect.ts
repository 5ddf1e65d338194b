import { registerOAuthClient, startAuthorization } from '@mcptest/mcp';
import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { discoverServerOAuth } from './discover-server-oauth';
import { clientMetadataUrl, OAUTH_CLIENT_NAME, oauthCallbackUrl } from './oauth-client-urls';
import { toOAuthApiError } from './oauth-failure';
import { savePendingConnect } from './save-pending-connect';

export interface StartServerConnectInput {
  serverId: string;
  /** A client the user registered with the authorization server; absent: automatic registration. */
  preRegistered?: { clientId: string; clientSecret?: string | undefined } | undefined;
}

/**
 * Connect, authorization-code flow (docs/oauth.md): discovers the server's authorization server, registers mcptest
 * in the MCP spec's order (the pre-registered client given; else the Client ID Metadata Document under APP_URL when
 * the server supports it; else dynamic registration), builds the authorization request (PKCE S256, `resource`, the
 * scope from the challenge or `scopes_supported`) and keeps the flow server-side for the callback, bound to this user
 * and organization. Answers the URL to send the browser to; only `state` in it refers to the flow.
 */
export async function startServerConnect(
  deps: ServiceDeps,
  actor: Actor,
  input: StartServerConnectInput,
): Promise<{ authorizationUrl: string }> {
  if (actor.userId === undefined) throw new ApiError('forbidden', 'connecting a server needs a signed-in user');
  const { fetch, discovery } = await discoverServerOAuth(deps, actor, input.serverId);
  const redirectUri = oauthCallbackUrl(deps.appUrl);
  try {
    const client = await registerOAuthClient({
      discovery,
      fetch,
      redirectUri,
      clientName: OAUTH_CLIENT_NAME,
      clientMetadataUrl: clientMetadataUrl(deps.appUrl),
      preRegistered: input.preRegistered,
    });
    const start = await startAuthorization({ discovery, client, redirectUri });
    await savePendingConnect(deps, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      serverId: input.serverId,
      state: start.state,
      codeVerifier: start.codeVerifier,
      redirectUri,
      client,
      discovery,
    });
    return { authorizationUrl: start.authorizationUrl };
  } catch (error) {
    throw toOAuthApiError(error);
  }
}
