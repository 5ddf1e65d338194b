import { saveServerAuthorization } from '@mcptest/db';
import type { OAuthClientRegistration, OAuthDiscovery, OAuthTokenSet } from '@mcptest/mcp';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { recordServerAuthorizationAudit } from './server-authorization-audit';

const METHOD_TO_DB = {
  pre_registered: 'PRE_REGISTERED',
  client_id_metadata_document: 'CLIENT_ID_METADATA_DOCUMENT',
  dynamic: 'DYNAMIC',
} as const;

/**
 * Saves a connection just made (h-oauth-store's `saveServerAuthorization`: one row per server, sealed to the tenant,
 * CONNECTED) and writes its audit line (kind, issuer, method, scope: nothing secret).
 */
export async function storeServerConnection(
  deps: Pick<ServiceDeps, 'db' | 'secretBox' | 'now'>,
  actor: Actor,
  input: {
    serverId: string;
    kind: 'AUTHORIZATION_CODE' | 'CLIENT_CREDENTIALS';
    client: OAuthClientRegistration;
    discovery: OAuthDiscovery;
    tokens: OAuthTokenSet;
  },
): Promise<void> {
  const { client, discovery, tokens } = input;
  await saveServerAuthorization(deps.db.tenant(actor.tenantId), deps.secretBox, {
    serverId: input.serverId,
    kind: input.kind,
    registrationMethod: METHOD_TO_DB[client.method],
    clientId: client.clientId,
    secrets: {
      tokens,
      ...(client.clientSecret === undefined ? {} : { clientSecret: client.clientSecret }),
      tokenEndpointAuthMethod: client.tokenEndpointAuthMethod,
      discovery,
    },
    now: deps.now(),
  });
  await recordServerAuthorizationAudit(deps, actor, 'server.connect', input.serverId, {
    kind: input.kind,
    issuer: discovery.issuer,
    registrationMethod: client.method,
    scope: tokens.scope ?? null,
  });
}
