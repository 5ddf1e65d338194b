import { clientCredentialsToken } from '@mcptest/mcp';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { discoverServerOAuth } from './discover-server-oauth';
import { toOAuthApiError } from './oauth-failure';
import { storeServerConnection } from './store-server-connection';

export interface ConnectClientCredentialsInput {
  serverId: string;
  clientId: string;
  /** Write-only: sealed with the connection, never shown again. */
  clientSecret: string;
  /** Default: the challenge's scope, else the authorization server's default. */
  scope?: string | undefined;
}

/**
 * Connect, machine to machine: discovers the server's authorization server, gets a token with the client-credentials
 * grant (`resource` = the server's canonical URI) and saves the connection sealed. No browser redirect: the token
 * proves the credentials work before anything is stored.
 */
export async function connectClientCredentials(
  deps: ServiceDeps,
  actor: Actor,
  input: ConnectClientCredentialsInput,
): Promise<{ issuer: string; scope: string | null }> {
  const { fetch, discovery } = await discoverServerOAuth(deps, actor, input.serverId);
  const supported = discovery.authorizationServer.token_endpoint_auth_methods_supported;
  const methods = Array.isArray(supported) ? supported : [];
  // client_secret_basic is the default (RFC 8414); post only when that is all the server lists.
  const method =
    methods.length > 0 && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
      ? 'client_secret_post'
      : 'client_secret_basic';
  const client = {
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    method: 'pre_registered' as const,
    tokenEndpointAuthMethod: method,
  };
  const scope = input.scope ?? discovery.challengeScope;
  try {
    const tokens = await clientCredentialsToken({
      discovery,
      client,
      ...(scope === undefined ? {} : { scope }),
      fetch,
    });
    const stored = scope !== undefined && tokens.scope === undefined ? { ...tokens, scope } : tokens;
    await storeServerConnection(deps, actor, {
      serverId: input.serverId,
      kind: 'CLIENT_CREDENTIALS',
      client,
      discovery,
      tokens: stored,
    });
    return { issuer: discovery.issuer, scope: stored.scope ?? null };
  } catch (error) {
    throw toOAuthApiError(error);
  }
}
