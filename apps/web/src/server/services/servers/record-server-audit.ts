import type { Actor, ServiceDeps } from '@/server/services/service-deps';

/** One audit line for a server change. `metadata` must never hold a header value. */
export async function recordServerAudit(
  deps: Pick<ServiceDeps, 'db'>,
  actor: Actor,
  action: 'server.create' | 'server.update' | 'server.delete' | 'server.discover',
  serverId: string,
  metadata?: Record<string, string | number | boolean | string[] | null>,
): Promise<void> {
  await deps.db.tenant(actor.tenantId).auditLog.create({
    data: {
      tenantId: actor.tenantId,
      actorTokenId: actor.tokenId ?? null,
      actorUserId: actor.userId ?? null,
      action,
      targetType: 'server',
      targetId: serverId,
      ...(metadata ? { metadata } : {}),
    },
  });
}
