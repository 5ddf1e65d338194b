import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { InviteForm } from '@/components/members/invite-form';
import { RoleForm } from '@/components/members/role-form';
import { ROLE_CHOICES, roleLabel } from '@/components/members/roles';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { ConfirmAction } from '@/components/settings/confirm-action';
import { TimeStamp } from '@/components/time-stamp';
import { listInvitations } from '@/server/orgs/list-invitations';
import { listMembers } from '@/server/orgs/list-members';
import type { MemberResource, RoleName } from '@/server/orgs/org-schemas';
import { loadOrgPage } from '@/server/ui/load-org-page';
import {
  changeRoleAction,
  inviteMemberAction,
  leaveOrganizationAction,
  removeMemberAction,
  revokeInvitationAction,
} from './actions';
import { ACTIONS_COLUMN, DataTable } from '@/components/data-table';
import '@/styles/settings.css';

export const metadata = { title: 'Members · mcptest' };

interface Props {
  params: Promise<{ org: string }>;
  /** `cursor` pages the members, `invitations` the pending invitations. */
  searchParams: Promise<{ cursor?: string; invitations?: string }>;
}

/**
 * Who belongs to the organization and with which role. Every member sees the list; ADMIN and up change roles, remove
 * members and invite (an OWNER is made or removed only by an OWNER); anyone can leave, except the last OWNER.
 */
export default async function MembersPage({ params, searchParams }: Props) {
  const { org } = await params;
  const { cursor, invitations: invitationsCursor } = await searchParams;
  const path = `/o/${org}/members`;
  const ctx = await loadOrgPage(org, path);
  const admin = ctx.can('ADMIN');
  const owner = ctx.can('OWNER');
  const tenant = ctx.membership.tenantId;
  const [members, invitations] = await Promise.all([
    listMembers(ctx.deps, ctx.user, { tenant, limit: 50, cursor }),
    admin ? listInvitations(ctx.deps, ctx.user, { tenant, limit: 20, cursor: invitationsCursor }) : null,
  ]);
  const manageable = (member: MemberResource) => admin && (member.role !== 'OWNER' || owner);
  const choices: RoleName[] = owner ? ['VIEWER', 'MEMBER', 'ADMIN', 'OWNER'] : ['VIEWER', 'MEMBER', 'ADMIN'];
  const now = new Date();
  return (
    <main className="page" id="main">
      <PageHeader title="Members" description="Who can see and change this organization’s projects, and how much." />
      <details className="card members-roles">
        <summary>What each role can do</summary>
        <dl>
          {ROLE_CHOICES.map((role) => (
            <div key={role.value} style={{ display: 'contents' }}>
              <dt>
                <strong>{role.label}</strong>
              </dt>
              <dd>{role.can}</dd>
            </div>
          ))}
        </dl>
      </details>
      {admin ? null : (
        <p className="settings-readonly" role="note">
          Only admins and owners change roles and invite people. Your role: {roleLabel(ctx.membership.role)}.
        </p>
      )}

      <DataTable
        caption="Members, newest first"
        columns={['Member', 'Role', 'Joined', admin && ACTIONS_COLUMN]}
        className="settings-table"
      >
        {members.items.map((member) => {
          const who = member.email ?? member.name ?? member.userId;
          const you = member.userId === ctx.user.userId;
          return (
            <tr key={member.userId}>
              <th scope="row">
                <span className="settings-name">{member.name ?? member.email ?? 'Unnamed user'}</span>
                {you ? <span className="pill pill-info members-you">you</span> : null}
                {member.name && member.email ? <span className="settings-sub">{member.email}</span> : null}
              </th>
              <td data-label="Role">
                {manageable(member) ? (
                  <RoleForm
                    org={org}
                    action={changeRoleAction}
                    userId={member.userId}
                    who={who}
                    role={member.role}
                    choices={choices}
                  />
                ) : (
                  <span className="pill">{roleLabel(member.role)}</span>
                )}
              </td>
              <td data-label="Joined">
                <TimeStamp value={member.joinedAt} />
              </td>
              {admin ? (
                <td className="settings-actions">
                  {manageable(member) && !you ? (
                    <ConfirmAction
                      action={removeMemberAction}
                      fields={{ org, userId: member.userId }}
                      label="Remove"
                      ariaLabel={`Remove ${who}`}
                      question={`Remove ${who} from the organization? They lose access at once; the tokens and runs they made stay.`}
                      confirmLabel="Remove member"
                      pendingText="Removing…"
                    />
                  ) : null}
                </td>
              ) : null}
            </tr>
          );
        })}
      </DataTable>
      <Pagination basePath={path} params={{ cursor }} nextCursor={members.nextCursor} label="Member pages" />

      <section className="card" aria-labelledby="leave-title">
        <h2 id="leave-title">Your membership</h2>
        <p>
          You are <strong>{roleLabel(ctx.membership.role)}</strong> here.{' '}
          {ctx.membership.role === 'OWNER'
            ? 'An organization keeps at least one owner: if you are the only one, make someone else owner before you leave.'
            : 'To come back after leaving, you need a new invitation.'}
        </p>
        <ConfirmAction
          action={leaveOrganizationAction}
          fields={{ org }}
          label="Leave organization"
          question="Leave this organization? You lose access to its projects, runs and settings at once."
          confirmLabel="Leave organization"
          pendingText="Leaving…"
        />
      </section>

      {admin && invitations ? (
        <section aria-labelledby="invitations-title">
          <h2 id="invitations-title" className="settings-section-title">
            Invitations
          </h2>
          <InviteForm org={org} action={inviteMemberAction} myRole={ctx.membership.role} />
          {invitations.items.length === 0 && !invitationsCursor ? (
            <EmptyState title="No pending invitations">
              <p>
                Invite a teammate above: they get a link that works once, for 7 days, and join with the role you chose
                when they sign in with that email address.
              </p>
            </EmptyState>
          ) : (
            <>
              <h3 className="settings-subtitle">Pending invitations</h3>
              <DataTable
                caption="Pending invitations, newest first"
                columns={['Email', 'Role', 'Sent', 'Expires', ACTIONS_COLUMN]}
                className="settings-table"
              >
                {invitations.items.map((invitation) => (
                  <tr key={invitation.id}>
                    <th scope="row">{invitation.email}</th>
                    <td data-label="Role">{roleLabel(invitation.role)}</td>
                    <td data-label="Sent">
                      <TimeStamp value={invitation.createdAt} />
                    </td>
                    <td data-label="Expires">
                      {invitation.expired || new Date(invitation.expiresAt) <= now ? (
                        <span className="pill pill-warn">Expired</span>
                      ) : (
                        <TimeStamp value={invitation.expiresAt} />
                      )}
                    </td>
                    <td className="settings-actions">
                      <ConfirmAction
                        action={revokeInvitationAction}
                        fields={{ org, invitationId: invitation.id }}
                        label="Revoke"
                        ariaLabel={`Revoke the invitation of ${invitation.email}`}
                        question={`Revoke the invitation of ${invitation.email}? Its link stops working.`}
                        confirmLabel="Revoke invitation"
                        pendingText="Revoking…"
                      />
                    </td>
                  </tr>
                ))}
              </DataTable>
              {invitations.nextCursor || invitationsCursor ? (
                <nav className="pagination" aria-label="Invitation pages">
                  {invitationsCursor ? (
                    <Link href={pageHref(path, cursor, undefined)}>← Newest invitations</Link>
                  ) : null}
                  {invitations.nextCursor ? (
                    <Link href={pageHref(path, cursor, invitations.nextCursor)} rel="next">
                      Older invitations →
                    </Link>
                  ) : null}
                </nav>
              ) : null}
            </>
          )}
        </section>
      ) : null}
    </main>
  );
}

/** The members page URL keeping the members' cursor and setting the invitations' one. */
function pageHref(path: string, cursor: string | undefined, invitations: string | undefined): string {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  if (invitations) query.set('invitations', invitations);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
