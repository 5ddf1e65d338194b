// Project creation under concurrency: two requests with the same name race for the same slug.
import { createTenant } from '@mcptest/db';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import type { ServiceDeps } from '@/server/services/service-deps';
import { createProject } from './create-project';

const database = useTestDatabase();

describe('createProject', () => {
  it('gives concurrent projects of the same name distinct slugs instead of failing on the unique slug', async () => {
    const { tenant } = await createTenant(database.db, { name: 'Race', ownerEmail: 'race@example.test' });
    // createProject reads nothing of the deps but the database.
    const deps = { db: database.db } as ServiceDeps;
    const created = await Promise.all(
      Array.from({ length: 6 }, () => createProject(deps, { tenantId: tenant.id }, { name: 'Same Name' })),
    );
    const slugs = created.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(6);
    expect(slugs).toContain('same-name');
    for (const slug of slugs) expect(slug).toMatch(/^same-name(-[0-9a-f]{6})?$/);
  });
});
