import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../test/db';
import { createOrganization } from './create-organization';
import type { InvitationMailer, InvitationMessage } from './invitation-mailer';
import { listInvitations } from './list-invitations';
import { createLogInvitationLink } from './log-invitation-link';
import type { OrganizationSummary, SessionUser } from './org-schemas';
import { caught, createUser, orgTestDeps } from './org-test-helpers';
import { createSendInvitationEmail, invitationEmailText } from './send-invitation-email';
import { sendInvitation } from './send-invitation';

const database = useTestDatabase();
const deps = orgTestDeps(database.db);
let owner: SessionUser;
let org: OrganizationSummary;

/** A mailer that remembers what it was asked to send (the narrow seam; SMTP itself is nodemailer's). */
function recordingMailer(channel: InvitationMailer['channel'], fail?: string) {
  const sent: InvitationMessage[] = [];
  const mailer: InvitationMailer = {
    channel,
    send: async (message) => {
      if (fail) throw new Error(fail);
      sent.push(message);
    },
  };
  return { mailer, sent };
}

beforeAll(async () => {
  owner = await createUser(database.db, 'owner');
  org = await createOrganization(deps, owner, { name: 'Mailing Co' });
});

describe('sendInvitation', () => {
  it('creates the invitation and emails the link with the organization, role and inviter', async () => {
    const { mailer, sent } = recordingMailer('email');
    const result = await sendInvitation(
      deps,
      owner,
      { tenant: org.slug, email: 'A@Example.test', role: 'ADMIN' },
      mailer,
    );
    expect(result.delivery).toEqual({ channel: 'email', sent: true });
    expect(result.invitation).toMatchObject({ email: 'a@example.test', role: 'ADMIN' });
    expect(sent).toEqual([
      {
        to: 'a@example.test',
        organizationName: 'Mailing Co',
        role: 'ADMIN',
        acceptUrl: result.acceptUrl,
        expiresAt: new Date(result.invitation.expiresAt),
        invitedBy: owner.email,
      },
    ]);
  });

  it('says when the link only went to the log, and keeps the invitation when the email fails', async () => {
    const logged = await sendInvitation(
      deps,
      owner,
      { tenant: org.tenantId, email: 'b@example.test' },
      recordingMailer('log').mailer,
    );
    expect(logged.delivery).toEqual({ channel: 'log', sent: false });
    const failed = await sendInvitation(
      deps,
      owner,
      { tenant: org.slug, email: 'c@example.test' },
      recordingMailer('email', 'connection refused').mailer,
    );
    expect(failed.delivery).toEqual({ channel: 'email', sent: false, error: 'connection refused' });
    const pending = await listInvitations(deps, owner, { tenant: org.slug });
    expect(pending.items.map((i) => i.email)).toContain('c@example.test');
  });

  it('sends nothing when the invitation is refused', async () => {
    const { mailer, sent } = recordingMailer('email');
    const member = await createUser(database.db, 'member');
    await database.db
      .tenant(org.tenantId)
      .membership.create({ data: { tenantId: org.tenantId, userId: member.userId, role: 'MEMBER' } });
    expect(
      await caught(() => sendInvitation(deps, member, { tenant: org.slug, email: 'd@example.test' }, mailer)),
    ).toMatchObject({ code: 'forbidden' });
    expect(sent).toEqual([]);
  });
});

describe('invitation mailers', () => {
  const message: InvitationMessage = {
    to: 'e@example.test',
    organizationName: 'Mailing Co',
    role: 'MEMBER',
    acceptUrl: 'https://mcptest.example/invite/secret-token-value-000000000',
    expiresAt: new Date('2030-01-02T03:04:05Z'),
    invitedBy: 'owner@example.test',
  };

  it('the SMTP mailer builds the email (through nodemailer, JSON transport)', async () => {
    const mailer = createSendInvitationEmail({ transport: { jsonTransport: true }, from: 'mcptest <no@x.test>' });
    expect(mailer.channel).toBe('email');
    await mailer.send(message);
    const text = invitationEmailText(message);
    expect(text).toContain(
      'owner@example.test invited you to join the organization "Mailing Co" on mcptest as MEMBER.',
    );
    expect(text).toContain(`\n${message.acceptUrl}\n`);
    expect(text).toContain('Wed, 02 Jan 2030 03:04:05 GMT');
  });

  it('the log mailer logs the link outside production only', async () => {
    const lines: { fields: Record<string, unknown>; text: string }[] = [];
    const logger = { info: (fields: Record<string, unknown>, text: string) => void lines.push({ fields, text }) };
    await createLogInvitationLink(logger as never, { production: false }).send(message);
    await createLogInvitationLink(logger as never, { production: true }).send(message);
    expect(lines[0]?.text).toContain(message.acceptUrl);
    expect(lines[0]?.fields.url).toBe(message.acceptUrl);
    expect(JSON.stringify(lines[1])).not.toContain('secret-token');
    expect(lines[1]?.text).toBe('invitation for e@example.test created (no SMTP_URL set: not emailed)');
  });
});
