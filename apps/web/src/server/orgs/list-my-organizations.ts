import type { OrgDeps, OrganizationSummary, SessionUser } from './org-schemas';

/** Most organizations a user can belong to in one listing (the organization switcher); far above real use. */
const MAX_ORGANIZATIONS = 200;

/**
 * The organizations the user belongs to, with their role, oldest membership first (the first one is the natural
 * default organization). Reached through the user row: memberships span tenants, so no single tenant scope fits.
 */
export async function listMyOrganizations(
  deps: Pick<OrgDeps, 'db'>,
  user: SessionUser,
): Promise<OrganizationSummary[]> {
  const row = await deps.db.global.user.findUnique({
    where: { id: user.userId },
    select: {
      memberships: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: MAX_ORGANIZATIONS,
        select: { role: true, tenant: { select: { id: true, name: true, slug: true } } },
      },
    },
  });
  return (row?.memberships ?? []).map((m) => ({
    tenantId: m.tenant.id,
    name: m.tenant.name,
    slug: m.tenant.slug,
    role: m.role,
  }));
}
