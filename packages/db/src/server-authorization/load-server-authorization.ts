import type {
  OAuthClientRegistrationMethod,
  ServerAuthorizationKind,
  ServerAuthorizationState,
} from '../generated/prisma/enums';
import { secretContext, type SecretBox } from '../crypto/secret-box';
import { DbError } from '../errors';
import type { TenantDb } from '../tenant/tenant-scope';
import { ServerAuthorizationSecrets } from './server-authorization-secrets';

/**
 * A server's OAuth connection with its secrets opened: for using its tokens (`serverAuthorizationStore`), never for a
 * page or an API answer.
 */
export interface LoadedServerAuthorization {
  id: string;
  serverId: string;
  kind: ServerAuthorizationKind;
  state: ServerAuthorizationState;
  issuer: string;
  resource: string;
  clientId: string;
  registrationMethod: OAuthClientRegistrationMethod;
  /** The version the secrets were read at: `updateServerAuthorizationTokens` stores only over this one. */
  tokenVersion: number;
  secrets: ServerAuthorizationSecrets;
}

/**
 * Loads and opens a server's OAuth connection, or null when the server has none. A blob that does not open (a key
 * no longer listed, tampering) or does not parse throws `DbError` whose message names the failure, never the secret.
 */
export async function loadServerAuthorization(
  db: TenantDb,
  box: SecretBox,
  serverId: string,
): Promise<LoadedServerAuthorization | null> {
  const row = await db.serverAuthorization.findFirst({
    where: { serverId },
    select: {
      id: true,
      serverId: true,
      kind: true,
      state: true,
      issuer: true,
      resource: true,
      clientId: true,
      registrationMethod: true,
      tokenVersion: true,
      secretsEncrypted: true,
      secretsKeyId: true,
    },
  });
  if (!row) return null;
  const opened = box.open(
    { keyId: row.secretsKeyId, data: new Uint8Array(row.secretsEncrypted) },
    secretContext.serverAuthorization(db.tenantId),
  );
  let json: unknown;
  try {
    json = JSON.parse(opened);
  } catch {
    throw new DbError('secret_corrupt', 'the OAuth connection opened but is not JSON');
  }
  const parsed = ServerAuthorizationSecrets.safeParse(json);
  if (!parsed.success) {
    // Issue paths only: the values may be tokens.
    const where = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
    throw new DbError('secret_corrupt', `the OAuth connection's stored secrets are invalid at ${where}`);
  }
  const { secretsEncrypted: _sealed, secretsKeyId: _keyId, ...plain } = row;
  return { ...plain, secrets: parsed.data };
}
