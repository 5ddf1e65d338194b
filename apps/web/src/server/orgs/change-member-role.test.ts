import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../test/db';
import type { SessionUser } from './org-schemas';
import { changeMemberRole } from './change-member-role';
import { createOrganization } from './create-organization';
import { leaveOrganization } from './leave-organization';
import { listMembers } from './list-members';
import { caught, createUser, orgTestDeps } from './org-test-helpers';
import { removeMember } from './remove-member';

const database = useTestDatabase();
let deps: ReturnType<typeof orgTestDeps>;
let tenant: string;
let owner: SessionUser;
let admin: SessionUser;
let member: SessionUser;
let viewer: SessionUser;

// A fresh organization per test: OWNER, ADMIN, MEMBER, VIEWER.
beforeEach(async () => {
  deps = orgTestDeps(database.db);
  owner = await createUser(database.db, 'owner');
  admin = await createUser(database.db, 'admin');
  member = await createUser(database.db, 'member');
  viewer = await createUser(database.db, 'viewer');
  const org = await createOrganization(deps, owner, { name: 'Roles' });
  tenant = org.slug;
  const db = database.db.tenant(org.tenantId);
  for (const [user, role] of [
    [admin, 'ADMIN'],
    [member, 'MEMBER'],
    [viewer, 'VIEWER'],
  ] as const) {
    await db.membership.create({ data: { tenantId: org.tenantId, userId: user.userId, role } });
  }
});

const roleOf = async (user: SessionUser) =>
  (await listMembers(deps, owner, { tenant })).items.find((m) => m.userId === user.userId)?.role;

describe('listMembers', () => {
  it('lists everyone with email and role to any member, paginated', async () => {
    const page = await listMembers(deps, viewer, { tenant, limit: 3 });
    expect(page.items).toHaveLength(3);
    expect(page.nextCursor).not.toBeNull();
    const rest = await listMembers(deps, viewer, { tenant, limit: 3, cursor: page.nextCursor ?? undefined });
    expect([...page.items, ...rest.items].map((m) => m.role).sort()).toEqual(['ADMIN', 'MEMBER', 'OWNER', 'VIEWER']);
    expect(page.items.every((m) => m.email?.endsWith('@example.test'))).toBe(true);
  });
});

describe('changeMemberRole', () => {
  it('lets an ADMIN move members below OWNER, with an audit row', async () => {
    expect(await changeMemberRole(deps, admin, { tenant, userId: viewer.userId, role: 'MEMBER' })).toEqual({
      userId: viewer.userId,
      role: 'MEMBER',
      previousRole: 'VIEWER',
    });
    expect(await roleOf(viewer)).toBe('MEMBER');
    const org = await database.db.global.tenant.findUniqueOrThrow({ where: { slug: tenant } });
    const audit = await database.db.tenant(org.id).auditLog.findMany({ where: { action: 'member.role_change' } });
    expect(audit).toMatchObject([{ actorUserId: admin.userId, targetId: viewer.userId, metadata: { to: 'MEMBER' } }]);
  });

  it('refuses a MEMBER, and an ADMIN making or unmaking an OWNER', async () => {
    const asMember = await caught(() =>
      changeMemberRole(deps, member, { tenant, userId: viewer.userId, role: 'ADMIN' }),
    );
    expect(asMember).toMatchObject({ code: 'forbidden' });
    expect(asMember.message).toContain('ADMIN');
    for (const [userId, role] of [
      [member.userId, 'OWNER'],
      [owner.userId, 'ADMIN'],
    ] as const) {
      expect(await caught(() => changeMemberRole(deps, admin, { tenant, userId, role }))).toMatchObject({
        code: 'forbidden',
        message: 'only an OWNER can make or unmake an OWNER',
      });
    }
  });

  it('keeps the last OWNER; an OWNER can hand over and then step down', async () => {
    const last = await caught(() => changeMemberRole(deps, owner, { tenant, userId: owner.userId, role: 'ADMIN' }));
    expect(last).toMatchObject({ code: 'conflict' });
    await changeMemberRole(deps, owner, { tenant, userId: admin.userId, role: 'OWNER' });
    await changeMemberRole(deps, owner, { tenant, userId: owner.userId, role: 'ADMIN' });
    expect([await roleOf(admin), await roleOf(owner)]).toEqual(['OWNER', 'ADMIN']);
  });

  it('two OWNERs demoting each other at once leave one OWNER', async () => {
    await changeMemberRole(deps, owner, { tenant, userId: admin.userId, role: 'OWNER' });
    const results = await Promise.allSettled([
      changeMemberRole(deps, owner, { tenant, userId: admin.userId, role: 'MEMBER' }),
      changeMemberRole(deps, admin, { tenant, userId: owner.userId, role: 'MEMBER' }),
    ]);
    const owners = (await listMembers(deps, viewer, { tenant })).items.filter((m) => m.role === 'OWNER');
    expect(owners).toHaveLength(1);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
  });

  it('answers not_found for someone who is not a member', async () => {
    const stranger = await createUser(database.db);
    expect(
      await caught(() => changeMemberRole(deps, owner, { tenant, userId: stranger.userId, role: 'MEMBER' })),
    ).toMatchObject({ code: 'not_found' });
  });
});

describe('removeMember and leaveOrganization', () => {
  it('ADMIN removes a member, not an OWNER; a MEMBER removes nobody', async () => {
    expect(await caught(() => removeMember(deps, member, { tenant, userId: viewer.userId }))).toMatchObject({
      code: 'forbidden',
    });
    expect(await caught(() => removeMember(deps, admin, { tenant, userId: owner.userId }))).toMatchObject({
      code: 'forbidden',
    });
    await removeMember(deps, admin, { tenant, userId: viewer.userId });
    expect(await roleOf(viewer)).toBeUndefined();
    expect(await caught(() => listMembers(deps, viewer, { tenant }))).toMatchObject({ code: 'not_found' });
  });

  it('the last OWNER can neither be removed nor leave; others can leave', async () => {
    expect(await caught(() => removeMember(deps, owner, { tenant, userId: owner.userId }))).toMatchObject({
      code: 'conflict',
    });
    expect(await caught(() => leaveOrganization(deps, owner, { tenant }))).toMatchObject({ code: 'conflict' });
    await leaveOrganization(deps, member, { tenant });
    expect(await roleOf(member)).toBeUndefined();
    await changeMemberRole(deps, owner, { tenant, userId: admin.userId, role: 'OWNER' });
    await leaveOrganization(deps, owner, { tenant });
    const left = (await listMembers(deps, admin, { tenant })).items.map((m) => m.userId);
    expect(left).not.toContain(owner.userId);
  });
});
