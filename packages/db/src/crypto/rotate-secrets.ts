import type { Database } from '../database';
import { secretContext, type Sealed, type SecretBox } from './secret-box';

export interface RotateSecretsResult {
  servers: number;
  webhooks: number;
  /** Suites' inbound trigger secrets (GitHub signatures). */
  suites: number;
  /** Servers' OAuth connections (tokens and client secrets). */
  serverAuthorizations: number;
}

/**
 * Re-seals every stored secret that is not under the active key. Run after putting a new key first in
 * MCPTEST_ENCRYPTION_KEYS (old keys stay listed until this reports zero remaining); see docs/security.md.
 * Tenant by tenant through the tenant scope, because the secret tables have row-level security.
 */
export async function rotateSecrets(db: Database, box: SecretBox): Promise<RotateSecretsResult> {
  const result: RotateSecretsResult = { servers: 0, webhooks: 0, suites: 0, serverAuthorizations: 0 };
  const tenants = await db.global.tenant.findMany({ select: { id: true } });
  // Opened and sealed again in the same context: the context binds a secret to its tenant and column.
  const reseal = (keyId: string, data: Sealed['data'], ctx: string) => box.seal(box.open({ keyId, data }, ctx), ctx);
  for (const { id: tenantId } of tenants) {
    await db.tenant(tenantId).transaction(async (tx) => {
      const servers = await tx.server.findMany({
        where: { headersKeyId: { not: box.activeKeyId }, headersEncrypted: { not: null } },
        select: { id: true, headersEncrypted: true, headersKeyId: true },
      });
      for (const s of servers) {
        if (!s.headersEncrypted || !s.headersKeyId) continue;
        const ctx = secretContext.serverHeaders(tenantId);
        const sealed = reseal(s.headersKeyId, s.headersEncrypted, ctx);
        await tx.server.update({
          where: { id: s.id },
          data: { headersEncrypted: sealed.data, headersKeyId: sealed.keyId },
        });
        result.servers++;
      }
      const webhooks = await tx.webhook.findMany({
        where: {
          OR: [
            { secretKeyId: { not: box.activeKeyId } },
            { previousSecretKeyId: { not: box.activeKeyId }, previousSecretEncrypted: { not: null } },
          ],
        },
        select: {
          id: true,
          secretEncrypted: true,
          secretKeyId: true,
          previousSecretEncrypted: true,
          previousSecretKeyId: true,
        },
      });
      for (const w of webhooks) {
        const ctx = secretContext.webhookSecret(tenantId);
        const sealed = reseal(w.secretKeyId, w.secretEncrypted, ctx);
        const previous =
          w.previousSecretEncrypted && w.previousSecretKeyId
            ? reseal(w.previousSecretKeyId, w.previousSecretEncrypted, ctx)
            : undefined;
        await tx.webhook.update({
          where: { id: w.id },
          data: {
            secretEncrypted: sealed.data,
            secretKeyId: sealed.keyId,
            ...(previous ? { previousSecretEncrypted: previous.data, previousSecretKeyId: previous.keyId } : {}),
          },
        });
        result.webhooks++;
      }
      const triggerSecrets = await tx.suiteTriggerSecret.findMany({
        where: { secretKeyId: { not: box.activeKeyId } },
        select: { id: true, secretEncrypted: true, secretKeyId: true },
      });
      for (const s of triggerSecrets) {
        const ctx = secretContext.suiteTriggerSecret(tenantId);
        const sealed = reseal(s.secretKeyId, s.secretEncrypted, ctx);
        await tx.suiteTriggerSecret.update({
          where: { id: s.id },
          data: { secretEncrypted: sealed.data, secretKeyId: sealed.keyId },
        });
        result.suites++;
      }
      // Re-sealed in place and only over the version read: the token version is left alone (the tokens did not
      // change, so a worker holding them can still store its refresh), and a refresh a worker stored meanwhile (new
      // version, sealed with the active key already) is not overwritten with the older tokens.
      const authorizations = await tx.serverAuthorization.findMany({
        where: { secretsKeyId: { not: box.activeKeyId } },
        select: { id: true, secretsEncrypted: true, secretsKeyId: true, tokenVersion: true },
      });
      for (const a of authorizations) {
        const ctx = secretContext.serverAuthorization(tenantId);
        const sealed = reseal(a.secretsKeyId, a.secretsEncrypted, ctx);
        const { count } = await tx.serverAuthorization.updateMany({
          where: { id: a.id, tokenVersion: a.tokenVersion },
          data: { secretsEncrypted: sealed.data, secretsKeyId: sealed.keyId },
        });
        result.serverAuthorizations += count;
      }
    });
  }
  return result;
}
