import type { OAuthClientRegistrationMethod, ServerAuthorizationKind } from '../generated/prisma/enums';
import { secretContext, type SecretBox } from '../crypto/secret-box';
import type { TenantDb } from '../tenant/tenant-scope';
import { ServerAuthorizationSecrets } from './server-authorization-secrets';

export interface SaveServerAuthorizationInput {
  serverId: string;
  kind: ServerAuthorizationKind;
  registrationMethod: OAuthClientRegistrationMethod;
  clientId: string;
  secrets: ServerAuthorizationSecrets;
  now: Date;
}

/**
 * Stores a server's OAuth connection after a user connected it (code flow) or entered client credentials: one row per
 * server, replaced on reconnect, CONNECTED, the secrets sealed with the tenant-bound context (as server headers are).
 * The token version is bumped so a worker still holding the previous tokens cannot overwrite the new ones.
 */
export async function saveServerAuthorization(
  db: TenantDb,
  box: SecretBox,
  input: SaveServerAuthorizationInput,
): Promise<{ id: string }> {
  const secrets = ServerAuthorizationSecrets.parse(input.secrets);
  const sealed = box.seal(JSON.stringify(secrets), secretContext.serverAuthorization(db.tenantId));
  const fields = {
    kind: input.kind,
    state: 'CONNECTED' as const,
    lastError: null,
    issuer: secrets.discovery.issuer,
    resource: secrets.discovery.resource,
    scope: secrets.tokens.scope ?? secrets.discovery.challengeScope ?? null,
    registrationMethod: input.registrationMethod,
    clientId: input.clientId,
    secretsEncrypted: sealed.data,
    secretsKeyId: sealed.keyId,
    accessTokenExpiresAt: secrets.tokens.expiresAt === undefined ? null : new Date(secrets.tokens.expiresAt),
    refreshedAt: null,
    connectedAt: input.now,
  };
  return db.serverAuthorization.upsert({
    where: { serverId: input.serverId },
    create: { tenantId: db.tenantId, serverId: input.serverId, ...fields },
    update: { ...fields, tokenVersion: { increment: 1 } },
    select: { id: true },
  });
}
