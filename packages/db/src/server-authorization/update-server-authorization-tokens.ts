import { secretContext, type SecretBox } from '../crypto/secret-box';
import type { TenantDb } from '../tenant/tenant-scope';
import { ServerAuthorizationSecrets } from './server-authorization-secrets';

export interface UpdateServerAuthorizationTokensInput {
  id: string;
  /** `tokenVersion` of the connection the refresh started from. */
  expectedVersion: number;
  secrets: ServerAuthorizationSecrets;
  now: Date;
}

/**
 * Stores tokens a worker just obtained (a refresh, a new client-credentials token), sealed again, and marks the
 * connection CONNECTED. Optimistic: only if nobody stored other tokens since `expectedVersion` was read (two workers
 * refreshing the same connection at once, or a user reconnecting meanwhile). Returns false when it lost: the caller
 * reloads and uses what the winner stored, rather than overwriting a newer refresh token with an older one.
 */
export async function updateServerAuthorizationTokens(
  db: TenantDb,
  box: SecretBox,
  input: UpdateServerAuthorizationTokensInput,
): Promise<boolean> {
  const secrets = ServerAuthorizationSecrets.parse(input.secrets);
  const sealed = box.seal(JSON.stringify(secrets), secretContext.serverAuthorization(db.tenantId));
  const { count } = await db.serverAuthorization.updateMany({
    where: { id: input.id, tokenVersion: input.expectedVersion },
    data: {
      secretsEncrypted: sealed.data,
      secretsKeyId: sealed.keyId,
      tokenVersion: { increment: 1 },
      accessTokenExpiresAt: secrets.tokens.expiresAt === undefined ? null : new Date(secrets.tokens.expiresAt),
      ...(secrets.tokens.scope === undefined ? {} : { scope: secrets.tokens.scope }),
      refreshedAt: input.now,
      state: 'CONNECTED',
      lastError: null,
    },
  });
  return count === 1;
}
