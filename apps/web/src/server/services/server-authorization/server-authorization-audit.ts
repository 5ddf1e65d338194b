import { recordAudit, type AuditMetadata } from '@/server/services/record-audit';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';

/** One audit line for a change of a server's OAuth connection; `metadata` never holds a token or a secret. */
export async function recordServerAuthorizationAudit(
  deps: Pick<ServiceDeps, 'db'>,
  actor: Actor,
  action: 'server.connect' | 'server.disconnect',
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
