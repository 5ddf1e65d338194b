import { generateSecretToken, hashToken, secretContext } from '@mcptest/db';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from './get-suite-or-throw';
import type { CreateTriggerUrlRequest } from './suite-schemas';

/**
 * Creates (or replaces) the suite's inbound trigger URL, for CI systems that cannot hold an API token and for GitHub
 * webhooks. The token in the path is shown once and stored as a SHA-256 hash; an optional GitHub secret is sealed.
 */
export async function createTriggerUrl(
  deps: ServiceDeps,
  actor: Actor,
  suiteId: string,
  input: CreateTriggerUrlRequest,
) {
  await getSuiteOrThrow(deps, actor, suiteId);
  const token = generateSecretToken('mcptr_');
  const sealed = input.githubSecret
    ? deps.secretBox.seal(input.githubSecret, secretContext.suiteTriggerSecret(actor.tenantId))
    : undefined;
  // The secret lives in its own row-secured table (SuiteTriggerSecret); a new URL replaces or removes it.
  await deps.db.tenant(actor.tenantId).transaction(async (tx) => {
    await tx.suite.updateMany({ where: { id: suiteId }, data: { triggerTokenHash: hashToken(token) } });
    await tx.suiteTriggerSecret.deleteMany({ where: { suiteId } });
    if (sealed) {
      await tx.suiteTriggerSecret.create({
        data: { tenantId: actor.tenantId, suiteId, secretEncrypted: sealed.data, secretKeyId: sealed.keyId },
      });
    }
  });
  return { url: `${deps.appUrl}/api/v1/triggers/${token}`, token, githubSecret: sealed !== undefined };
}
