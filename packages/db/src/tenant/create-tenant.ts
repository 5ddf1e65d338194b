import type { Database } from '../database';
import { generateApiToken } from '../tokens/api-token';
import { createWithUniqueSlug } from './create-with-unique-slug';

export interface CreateTenantInput {
  name: string;
  ownerEmail: string;
}

export interface CreateTenantResult {
  tenant: { id: string; slug: string };
  /** An admin-scoped API token of the new tenant, shown once. */
  token: string;
}

/** Lowercase, dash-separated, at most 40 characters; never empty. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug || 'team';
}

/**
 * Creates a tenant with its owner (user created if new) and an admin API token. The slug comes from the name, with a
 * random suffix when taken. Used by `npm run admin -- tenant create` and, later, by sign-up.
 */
export async function createTenant(db: Database, input: CreateTenantInput): Promise<CreateTenantResult> {
  const email = input.ownerEmail.trim().toLowerCase();
  const user = await db.global.user.upsert({ where: { email }, create: { email }, update: {} });
  const tenant = await createWithUniqueSlug(
    slugify(input.name),
    async (slug) => (await db.global.tenant.findUnique({ where: { slug }, select: { id: true } })) !== null,
    (slug) => db.global.tenant.create({ data: { name: input.name.trim(), slug }, select: { id: true, slug: true } }),
  );
  const scoped = db.tenant(tenant.id);
  const { token, tokenHash, prefix } = generateApiToken();
  await scoped.transaction(async (tx) => {
    await tx.membership.create({ data: { tenantId: tenant.id, userId: user.id, role: 'OWNER' } });
    await tx.apiToken.create({
      data: {
        tenantId: tenant.id,
        name: 'admin (created by npm run admin)',
        tokenHash,
        prefix,
        scopes: ['ADMIN'],
        createdById: user.id,
      },
    });
    await tx.auditLog.create({
      data: {
        tenantId: tenant.id,
        actorUserId: user.id,
        action: 'tenant.create',
        targetType: 'tenant',
        targetId: tenant.id,
      },
    });
  });
  return { tenant, token };
}
