// Tenant creation (npm run admin -- tenant create, tests) under concurrency: the same name twice at once.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { createTenant } from './create-tenant';

const database = useTestDatabase();

describe('createTenant', () => {
  it('gives concurrent tenants of the same name distinct slugs instead of failing on the unique slug', async () => {
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createTenant(database.db, { name: 'Same Team', ownerEmail: `owner${i}@example.test` }),
      ),
    );
    const slugs = created.map((c) => c.tenant.slug);
    expect(new Set(slugs).size).toBe(6);
    expect(slugs).toContain('same-team');
    for (const slug of slugs) expect(slug).toMatch(/^same-team(-[0-9a-f]{6})?$/);
  });
});
