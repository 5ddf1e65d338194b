import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getTokenOrThrow } from './get-token-or-throw';
import { toTokenResource, type TokenResource } from './token-schemas';
import { recordAudit } from '@/server/services/record-audit';

/**
 * Revokes a token: it answers 401 from now on. Idempotent (revoking again keeps the first revokedAt); the row stays
 * for the audit trail.
 */
export async function revokeToken(deps: ServiceDeps, actor: Actor, tokenId: string): Promise<TokenResource> {
  await getTokenOrThrow(deps, actor, tokenId);
  const db = deps.db.tenant(actor.tenantId);
  const { count } = await db.apiToken.updateMany({
    where: { id: tokenId, revokedAt: null },
    data: { revokedAt: deps.now() },
  });
  if (count > 0) {
    await recordAudit(db, actor, { action: 'token.revoke', targetType: 'apiToken', targetId: tokenId });
  }
  return toTokenResource(await getTokenOrThrow(deps, actor, tokenId));
}
