import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../test/db';
import { acceptInvitation } from './accept-invitation';
import { createInvitation } from './create-invitation';
import { createOrganization } from './create-organization';
import { INVITATION_TTL_MS, type OrganizationSummary, type SessionUser } from './org-schemas';
import { caught, createUser, orgTestDeps } from './org-test-helpers';
import { previewInvitation } from './preview-invitation';
import { revokeInvitation } from './revoke-invitation';

const database = useTestDatabase();
const deps = orgTestDeps(database.db);
let owner: SessionUser;
let org: OrganizationSummary;
const tokenOf = (acceptUrl: string) => acceptUrl.split('/invite/')[1] ?? '';

beforeAll(async () => {
  owner = await createUser(database.db, 'owner');
  org = await createOrganization(deps, owner, { name: 'Previewed' });
});

describe('previewInvitation', () => {
  it('names the organization and role, says whether the user can accept, and uses nothing', async () => {
    const invitee = await createUser(database.db, 'Invitee');
    const { acceptUrl, invitation } = await createInvitation(deps, owner, {
      tenant: org.slug,
      email: invitee.email,
      role: 'VIEWER',
    });
    const token = tokenOf(acceptUrl);
    const preview = await previewInvitation(deps, { ...invitee, email: invitee.email.toUpperCase() }, { token });
    expect(preview).toEqual({
      organization: { name: 'Previewed', slug: org.slug },
      role: 'VIEWER',
      email: invitee.email.toLowerCase(),
      expiresAt: invitation.expiresAt,
      emailMatches: true,
      alreadyMember: false,
    });
    const other = await createUser(database.db, 'other');
    expect(await previewInvitation(deps, other, { token })).toMatchObject({ emailMatches: false });
    // Previewing twice did not use the link.
    expect(await acceptInvitation(deps, invitee, { token })).toMatchObject({ slug: org.slug, role: 'VIEWER' });
    expect(await caught(() => previewInvitation(deps, invitee, { token }))).toMatchObject({
      code: 'conflict',
      message: 'this invitation has already been used',
    });
  });

  it('flags a user who is already a member', async () => {
    const admin = await createUser(database.db, 'admin');
    await database.db
      .tenant(org.tenantId)
      .membership.create({ data: { tenantId: org.tenantId, userId: admin.userId, role: 'ADMIN' } });
    const { acceptUrl } = await createInvitation(deps, owner, { tenant: org.slug, email: 'new@example.test' });
    expect(await previewInvitation(deps, admin, { token: tokenOf(acceptUrl) })).toMatchObject({
      alreadyMember: true,
      emailMatches: false,
    });
  });

  it('refuses unknown, revoked, expired and malformed links like acceptInvitation', async () => {
    const invitee = await createUser(database.db, 'late');
    expect(await caught(() => previewInvitation(deps, invitee, { token: 'A'.repeat(32) }))).toMatchObject({
      code: 'not_found',
    });
    expect(await caught(() => previewInvitation(deps, invitee, { token: 'short' }))).toMatchObject({
      code: 'validation_failed',
    });
    const { acceptUrl } = await createInvitation(deps, owner, { tenant: org.slug, email: invitee.email });
    const later = { ...deps, now: () => new Date(deps.clock.now.getTime() + INVITATION_TTL_MS) };
    const expired = await caught(() => previewInvitation(later, invitee, { token: tokenOf(acceptUrl) }));
    expect(expired).toMatchObject({ code: 'conflict' });
    expect(expired.message).toContain('expired');
    const fresh = await createInvitation(deps, owner, { tenant: org.slug, email: invitee.email });
    await revokeInvitation(deps, owner, { tenant: org.slug, invitationId: fresh.invitation.id });
    expect(await caught(() => previewInvitation(deps, invitee, { token: tokenOf(fresh.acceptUrl) }))).toMatchObject({
      code: 'not_found',
    });
  });
});
