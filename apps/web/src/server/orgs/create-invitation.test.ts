import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '@mcptest/db';
import { useTestDatabase } from '../../../../../test/db';
import { acceptInvitation } from './accept-invitation';
import { createInvitation } from './create-invitation';
import { createOrganization } from './create-organization';
import { listInvitations } from './list-invitations';
import { listMyOrganizations } from './list-my-organizations';
import { INVITATION_TTL_MS, type OrganizationSummary, type SessionUser } from './org-schemas';
import { caught, createUser, orgTestDeps } from './org-test-helpers';
import { revokeInvitation } from './revoke-invitation';

const database = useTestDatabase();
const deps = orgTestDeps(database.db);
let owner: SessionUser;
let admin: SessionUser;
let org: OrganizationSummary;
const tokenOf = (acceptUrl: string) => acceptUrl.split('/invite/')[1] ?? '';

beforeAll(async () => {
  owner = await createUser(database.db, 'owner');
  admin = await createUser(database.db, 'admin');
  org = await createOrganization(deps, owner, { name: 'Inviting' });
  await database.db
    .tenant(org.tenantId)
    .membership.create({ data: { tenantId: org.tenantId, userId: admin.userId, role: 'ADMIN' } });
});

describe('invitations', () => {
  it('end to end: create (token stored hashed), wrong email refused, accept once, then used', async () => {
    const invitee = await createUser(database.db, 'Invitee');
    const created = await createInvitation(deps, admin, {
      tenant: org.slug,
      email: invitee.email.toUpperCase(),
      role: 'MEMBER',
    });
    expect(created.acceptUrl).toMatch(/^https:\/\/mcptest\.example\/invite\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(created.acceptUrl);
    // 256 random bits, as docs/security.md says of invitation tokens.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(created.invitation).toMatchObject({ email: invitee.email.toLowerCase(), role: 'MEMBER', expired: false });
    expect(new Date(created.invitation.expiresAt).getTime() - deps.clock.now.getTime()).toBe(INVITATION_TTL_MS);
    const row = await database.db.tenant(org.tenantId).invitation.findFirstOrThrow({ where: {} });
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(await listInvitations(deps, admin, { tenant: org.slug }))).not.toContain(token);

    const someoneElse = await createUser(database.db, 'other');
    expect(await caught(() => acceptInvitation(deps, someoneElse, { token }))).toMatchObject({ code: 'forbidden' });

    const joined = await acceptInvitation(deps, { ...invitee, email: invitee.email.toUpperCase() }, { token });
    expect(joined).toEqual({ tenantId: org.tenantId, name: 'Inviting', slug: org.slug, role: 'MEMBER' });
    expect(await listMyOrganizations(deps, invitee)).toEqual([joined]);
    const again = await caught(() => acceptInvitation(deps, invitee, { token }));
    expect(again).toMatchObject({ code: 'conflict', message: 'this invitation has already been used' });
    expect((await listInvitations(deps, admin, { tenant: org.slug })).items).toEqual([]);

    const audit = await database.db.tenant(org.tenantId).auditLog.findMany({ where: { targetType: 'invitation' } });
    expect(audit.map((a) => a.action).sort()).toEqual(['invitation.accept', 'invitation.create']);
  });

  it('refuses an expired invitation, an unknown token, and a revoked one', async () => {
    const invitee = await createUser(database.db, 'late');
    const { acceptUrl } = await createInvitation(deps, owner, { tenant: org.slug, email: invitee.email });
    const later = { ...deps, now: () => new Date(deps.clock.now.getTime() + INVITATION_TTL_MS + 1000) };
    const expired = await caught(() => acceptInvitation(later, invitee, { token: tokenOf(acceptUrl) }));
    expect(expired).toMatchObject({ code: 'conflict' });
    expect(expired.message).toContain('expired');
    expect((await listInvitations(later, owner, { tenant: org.slug })).items[0]).toMatchObject({ expired: true });

    const unknown = await caught(() => acceptInvitation(deps, invitee, { token: 'A'.repeat(32) }));
    expect(unknown).toMatchObject({ code: 'not_found' });

    const fresh = await createInvitation(deps, owner, { tenant: org.slug, email: invitee.email });
    // The newer invitation replaced the older one for the same address.
    expect((await listInvitations(deps, owner, { tenant: org.slug })).items.map((i) => i.id)).toEqual([
      fresh.invitation.id,
    ]);
    await revokeInvitation(deps, admin, { tenant: org.slug, invitationId: fresh.invitation.id });
    expect(await caught(() => acceptInvitation(deps, invitee, { token: tokenOf(fresh.acceptUrl) }))).toMatchObject({
      code: 'not_found',
    });
    expect(
      await caught(() => revokeInvitation(deps, admin, { tenant: org.slug, invitationId: fresh.invitation.id })),
    ).toMatchObject({ code: 'not_found' });
  });

  it('only ADMIN and up invite, never above their own role, and not an existing member', async () => {
    const member = await createUser(database.db, 'member');
    await database.db
      .tenant(org.tenantId)
      .membership.create({ data: { tenantId: org.tenantId, userId: member.userId, role: 'MEMBER' } });
    expect(
      await caught(() => createInvitation(deps, member, { tenant: org.slug, email: 'x@example.test' })),
    ).toMatchObject({ code: 'forbidden' });
    expect(await caught(() => listInvitations(deps, member, { tenant: org.slug }))).toMatchObject({
      code: 'forbidden',
    });
    const above = await caught(() =>
      createInvitation(deps, admin, { tenant: org.slug, email: 'y@example.test', role: 'OWNER' }),
    );
    expect(above).toMatchObject({ code: 'forbidden' });
    expect(above.message).toContain('OWNER');
    expect(
      await caught(() => createInvitation(deps, admin, { tenant: org.slug, email: member.email.toUpperCase() })),
    ).toMatchObject({ code: 'conflict' });
    expect(await caught(() => createInvitation(deps, admin, { tenant: org.slug, email: 'nope' }))).toMatchObject({
      code: 'validation_failed',
    });
    const outsider = await createUser(database.db, 'outsider');
    expect(
      await caught(() => createInvitation(deps, outsider, { tenant: org.slug, email: 'z@example.test' })),
    ).toMatchObject({ code: 'not_found' });
  });
});
