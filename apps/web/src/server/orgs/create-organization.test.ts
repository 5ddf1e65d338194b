import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../test/db';
import { withRole } from './authorize';
import { createOrganization } from './create-organization';
import { listMyOrganizations } from './list-my-organizations';
import { caught, createUser, orgTestDeps } from './org-test-helpers';
import { resolveMembership } from './resolve-membership';

const database = useTestDatabase();

describe('createOrganization and listMyOrganizations', () => {
  it('creates a tenant owned by the user, suffixes a taken slug, audits, and lists both', async () => {
    const deps = orgTestDeps(database.db);
    const user = await createUser(database.db);
    const first = await createOrganization(deps, user, { name: '  Acme Labs ' });
    const second = await createOrganization(deps, user, { name: 'Acme labs' });
    expect(first).toMatchObject({ name: 'Acme Labs', slug: 'acme-labs', role: 'OWNER' });
    expect(second.slug).toMatch(/^acme-labs-[0-9a-f]{6}$/);

    const audit = await database.db.tenant(first.tenantId).auditLog.findMany({});
    expect(audit).toMatchObject([{ action: 'tenant.create', actorUserId: user.userId, targetId: first.tenantId }]);

    expect(await listMyOrganizations(deps, user)).toEqual([first, second]);
    expect(await listMyOrganizations(deps, await createUser(database.db))).toEqual([]);
  });

  it('gives concurrent organizations of the same name distinct slugs instead of failing on the unique slug', async () => {
    const deps = orgTestDeps(database.db);
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(database.db)));
    // All six read the base slug as free before any of them inserts it (a 500 on the unique slug before).
    const created = await Promise.all(users.map((user) => createOrganization(deps, user, { name: 'Same Org' })));
    const slugs = created.map((org) => org.slug);
    expect(new Set(slugs).size).toBe(6);
    expect(slugs).toContain('same-org');
    for (const slug of slugs) expect(slug).toMatch(/^same-org(-[0-9a-f]{6})?$/);
    // Each is whole: its creator is its owner, and its creation is audited.
    for (const [index, org] of created.entries()) {
      expect(await listMyOrganizations(deps, users[index]!)).toEqual([org]);
      expect(await database.db.tenant(org.tenantId).auditLog.count({ where: { action: 'tenant.create' } })).toBe(1);
    }
  });

  it('refuses an empty name', async () => {
    const deps = orgTestDeps(database.db);
    const error = await caught(() => createOrganization(deps, { userId: 'x', email: 'x@e.test' }, { name: ' ' }));
    expect(error).toMatchObject({ code: 'validation_failed' });
  });
});

describe('resolveMembership and withRole', () => {
  it('resolves by id or slug; a non-member and an unknown org get the same not_found', async () => {
    const deps = orgTestDeps(database.db);
    const owner = await createUser(database.db);
    const stranger = await createUser(database.db);
    const org = await createOrganization(deps, owner, { name: 'Resolve Me' });

    expect(await resolveMembership(deps, owner.userId, org.slug)).toEqual({ tenantId: org.tenantId, role: 'OWNER' });
    expect(await resolveMembership(deps, owner.userId, org.tenantId)).toEqual({
      tenantId: org.tenantId,
      role: 'OWNER',
    });
    const notMember = await caught(() => resolveMembership(deps, stranger.userId, org.slug));
    const unknown = await caught(() => resolveMembership(deps, stranger.userId, 'no-such-org'));
    expect(notMember).toMatchObject({ code: 'not_found', message: 'organization not found' });
    expect(unknown).toMatchObject({ code: notMember.code, message: notMember.message });
  });

  it('withRole passes the actor to the handler, and refuses low roles and non-members', async () => {
    const deps = orgTestDeps(database.db);
    const owner = await createUser(database.db);
    const viewer = await createUser(database.db);
    const org = await createOrganization(deps, owner, { name: 'Wrapped' });
    await database.db
      .tenant(org.tenantId)
      .membership.create({ data: { tenantId: org.tenantId, userId: viewer.userId, role: 'VIEWER' } });

    const action = withRole('MEMBER', async ({ actor, membership }, suffix: string) => ({
      actor,
      role: membership.role,
      suffix,
    }));
    expect(await action(deps, owner, org.slug, 'ok')).toEqual({
      actor: { tenantId: org.tenantId, userId: owner.userId, permission: 'admin' },
      role: 'OWNER',
      suffix: 'ok',
    });
    expect(await caught(() => action(deps, viewer, org.slug, 'no'))).toMatchObject({ code: 'forbidden' });
    const stranger = await createUser(database.db);
    expect(await caught(() => action(deps, stranger, org.slug, 'no'))).toMatchObject({ code: 'not_found' });
  });
});
