import { recordAudit, type AuditMetadata } from '@/server/services/record-audit';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';

/** One audit line for a server change. `metadata` must never hold a header value. */
export async function recordServerAudit(
  deps: Pick<ServiceDeps, 'db'>,
  actor: Actor,
  action: 'server.create' | 'server.update' | 'server.delete' | 'server.discover',
  serverId: string,
  metadata?: AuditMetadata,
): Promise<void> {
  await recordAudit(deps.db.tenant(actor.tenantId), actor, {
    action,
    targetType: 'server',
    targetId: serverId,
    metadata,
  });
}
