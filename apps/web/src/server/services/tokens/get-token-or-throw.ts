import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { TOKEN_RESOURCE_SELECT, type TokenRow } from './token-schemas';

/**
 * The tenant's token, or 404. A token restricted to a project sees only that project's tokens: the others' names
 * and prefixes are none of its business.
 */
export async function getTokenOrThrow(deps: Pick<ServiceDeps, 'db'>, actor: Actor, tokenId: string): Promise<TokenRow> {
  const row = await deps.db.tenant(actor.tenantId).apiToken.findFirst({
    where: { id: tokenId, ...(actor.projectId ? { projectId: actor.projectId } : {}) },
    select: TOKEN_RESOURCE_SELECT,
  });
  if (!row) throw new ApiError('not_found', 'token not found');
  return row;
}
