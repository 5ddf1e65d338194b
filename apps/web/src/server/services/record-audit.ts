import type { Actor, ServiceDeps } from '@/server/services/service-deps';

/** What an audit line may carry beside its action and target: never a secret or a header value. */
export type AuditMetadata = Record<string, string | number | boolean | string[] | null>;

/**
 * One audit line for a change made by `actor` outside a transaction, written through the actor's tenant scope so it
 * cannot land in another tenant's log.
 */
export async function recordAudit(
  deps: Pick<ServiceDeps, 'db'>,
  actor: Actor,
  entry: { action: string; targetType: string; targetId: string; metadata?: AuditMetadata | undefined },
): Promise<void> {
  await deps.db.tenant(actor.tenantId).auditLog.create({
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
