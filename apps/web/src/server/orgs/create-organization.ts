import { createWithUniqueSlug, slugify } from '@mcptest/db';
import {
  CreateOrganizationInput,
  parseOrgInput,
  type OrgDeps,
  type OrganizationSummary,
  type SessionUser,
} from './org-schemas';
import { recordAudit } from '@/server/services/record-audit';

/**
 * Creates an organization (tenant) with the user as its OWNER. The slug comes from the name, with a random suffix when
 * taken, also when a concurrent request takes it between the look-up and the insert. Tenant and owner membership are
 * one nested write, so a failure leaves no owner-less tenant behind.
 */
export async function createOrganization(
  deps: Pick<OrgDeps, 'db'>,
  user: SessionUser,
  input: CreateOrganizationInput,
): Promise<OrganizationSummary> {
  const { name } = parseOrgInput(CreateOrganizationInput, input);
  const tenant = await createWithUniqueSlug(
    slugify(name),
    async (slug) => (await deps.db.global.tenant.findUnique({ where: { slug }, select: { id: true } })) !== null,
    (slug) =>
      deps.db.global.tenant.create({
        data: { name, slug, memberships: { create: { userId: user.userId, role: 'OWNER' } } },
        select: { id: true, name: true, slug: true },
      }),
  );
  // The audit row needs the tenant id, which a nested create cannot refer to; written right after, scoped.
  await recordAudit(
    deps.db.tenant(tenant.id),
    { tenantId: tenant.id, userId: user.userId },
    { action: 'tenant.create', targetType: 'tenant', targetId: tenant.id },
  );
  return { tenantId: tenant.id, name: tenant.name, slug: tenant.slug, role: 'OWNER' };
}
