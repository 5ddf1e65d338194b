import type {
  OAuthClientRegistration,
  OAuthConnectionStore,
  OAuthTokenSet,
  StoredOAuthConnection,
} from '@mcptest/core';
import type { SecretBox } from '../crypto/secret-box';
import type { TenantDb } from '../tenant/tenant-scope';
import { loadServerAuthorization, type LoadedServerAuthorization } from './load-server-authorization';
import { markServerAuthorization } from './mark-server-authorization';
import type { ServerAuthorizationSecrets } from './server-authorization-secrets';
import { updateServerAuthorizationTokens } from './update-server-authorization-tokens';

/**
 * A connection as the store hands it out: the shared shape, and the row it was read from (its id, and the sealed
 * blob's fields a renewal keeps: discovery, client secret). `version` and `tokens` are the holder's, which move on
 * with each renewal it stores; `row` stays as loaded.
 */
export interface StoredServerAuthorization extends StoredOAuthConnection {
  row: LoadedServerAuthorization;
}

const METHOD_TO_WIRE = {
  PRE_REGISTERED: 'pre_registered',
  CLIENT_ID_METADATA_DOCUMENT: 'client_id_metadata_document',
  DYNAMIC: 'dynamic',
} as const satisfies Record<LoadedServerAuthorization['registrationMethod'], OAuthClientRegistration['method']>;

const KIND_TO_WIRE = {
  AUTHORIZATION_CODE: 'authorization_code',
  CLIENT_CREDENTIALS: 'client_credentials',
} as const satisfies Record<LoadedServerAuthorization['kind'], StoredOAuthConnection['kind']>;

/** The stored tokens as an `OAuthTokenSet` (absent fields left out, as exactOptionalPropertyTypes wants them). */
function tokenSetOf(stored: ServerAuthorizationSecrets['tokens']): OAuthTokenSet {
  const { refreshToken, expiresAt, scope } = stored;
  return {
    accessToken: stored.accessToken,
    tokenType: stored.tokenType,
    ...(refreshToken === undefined ? {} : { refreshToken }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(scope === undefined ? {} : { scope }),
  };
}

function toStored(row: LoadedServerAuthorization): StoredServerAuthorization {
  const { secrets } = row;
  const { challengeScope } = secrets.discovery;
  return {
    kind: KIND_TO_WIRE[row.kind],
    connected: row.state === 'CONNECTED',
    version: row.tokenVersion,
    client: {
      clientId: row.clientId,
      method: METHOD_TO_WIRE[row.registrationMethod],
      tokenEndpointAuthMethod: secrets.tokenEndpointAuthMethod,
      ...(secrets.clientSecret === undefined ? {} : { clientSecret: secrets.clientSecret }),
    },
    server: {
      issuer: secrets.discovery.issuer,
      authorizationServer: secrets.discovery.authorizationServer,
      resource: secrets.discovery.resource,
      ...(challengeScope === undefined ? {} : { challengeScope }),
    },
    tokens: tokenSetOf(secrets.tokens),
    row,
  };
}

/**
 * The server's OAuth connection as an `OAuthConnectionStore` (packages/core), for `openOAuthConnection` in
 * @mcptest/mcp: the one way the worker (runs, monitors) and the web app (discovery, connection tests) use and renew a
 * connection's tokens. Loads and opens the row (`loadServerAuthorization`), stores renewed tokens sealed over the
 * version they were renewed from (`updateServerAuthorizationTokens`) and marks it EXPIRED at that version
 * (`markServerAuthorization`), so a reconnect or another refresher meanwhile wins.
 */
export function serverAuthorizationStore(
  db: TenantDb,
  box: SecretBox,
  serverId: string,
  options: { now: () => Date },
): OAuthConnectionStore<StoredServerAuthorization> {
  return {
    load: async () => {
      const row = await loadServerAuthorization(db, box, serverId);
      return row ? toStored(row) : null;
    },
    saveTokens: (from, tokens) =>
      updateServerAuthorizationTokens(db, box, {
        id: from.row.id,
        expectedVersion: from.version,
        secrets: { ...from.row.secrets, tokens },
        now: options.now(),
      }),
    markExpired: (from, reason) =>
      markServerAuthorization(db, {
        id: from.row.id,
        state: 'EXPIRED',
        error: reason,
        expectedVersion: from.version,
      }),
  };
}
