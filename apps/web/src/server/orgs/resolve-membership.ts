import { ApiError } from '@/server/api/api-error';
import type { OrgDeps, ResolvedMembership } from './org-schemas';

/**
 * The user's membership of the organization named by id or slug. An unknown organization and one the user does not
 * belong to give the same not_found: a non-member must not learn that an organization exists.
 */
export async function resolveMembership(
  deps: Pick<OrgDeps, 'db'>,
  userId: string,
  tenantIdOrSlug: string,
): Promise<ResolvedMembership> {
  const tenant = await deps.db.global.tenant.findFirst({
    where: { OR: [{ id: tenantIdOrSlug }, { slug: tenantIdOrSlug }] },
    select: { id: true },
  });
  const membership = tenant
    ? await deps.db.tenant(tenant.id).membership.findFirst({ where: { userId }, select: { role: true } })
    : null;
  if (!tenant || !membership) throw new ApiError('not_found', 'organization not found');
  return { tenantId: tenant.id, role: membership.role };
}
