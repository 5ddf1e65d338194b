import type { TenantClient } from '@mcptest/db';
import type { Actor } from '@/server/services/service-deps';

/** A JSON value in an audit line's metadata. */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };

/** What an audit line may carry beside its action and target: never a secret or a header value. */
export type AuditMetadata = Record<string, AuditValue>;

/**
 * The one way to write an audit line, for a change made by `actor`. `db` is the actor's tenant scope
 * (`deps.db.tenant(actor.tenantId)`) or, when the change runs in a transaction, that transaction's client, so the line
 * commits or rolls back with the change and cannot land in another tenant's log.
 */
export async function recordAudit(
  db: Pick<TenantClient, 'auditLog'>,
  actor: Pick<Actor, 'tenantId' | 'tokenId' | 'userId'>,
  entry: { action: string; targetType: string; targetId: string; metadata?: AuditMetadata | undefined },
): Promise<void> {
  await db.auditLog.create({
    data: {
      tenantId: actor.tenantId,
      actorTokenId: actor.tokenId ?? null,
      actorUserId: actor.userId ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      ...(entry.metadata ? { metadata: entry.metadata } : {}),
    },
  });
}
