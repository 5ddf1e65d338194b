'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { changeMemberRole } from '@/server/orgs/change-member-role';
import { getInvitationMailer } from '@/server/orgs/get-invitation-mailer';
import { leaveOrganization } from '@/server/orgs/leave-organization';
import { RoleName } from '@/server/orgs/org-schemas';
import { removeMember } from '@/server/orgs/remove-member';
import { revokeInvitation } from '@/server/orgs/revoke-invitation';
import { sendInvitation, type SentInvitation } from '@/server/orgs/send-invitation';
import { orgAction } from '@/server/ui/org-action';
import { pointToFields } from '@/app/o/[org]/settings/point-to-fields';

// Members and invitations are managed by ADMIN and up (the services check the finer rules: only an OWNER makes or
// unmakes an OWNER, nobody invites above their own role, the last OWNER stays); anyone may leave.

const invite = orgAction(
  'inviteMember',
  z.object({ email: z.string().default(''), role: RoleName.default('MEMBER') }),
  ({ deps, user, membership }, { email, role }) =>
    sendInvitation(deps, user, { tenant: membership.tenantId, email, role }, getInvitationMailer()),
);

/** Invites an email address; the answer carries the accept link (shown once) and how the invitee was told. */
export async function inviteMemberAction(
  previous: ActionState<SentInvitation>,
  form: FormData,
): Promise<ActionState<SentInvitation>> {
  return pointToFields(await invite(previous, form), 'No invitation was sent: fix the fields marked above.');
}

const changeRole = orgAction(
  'changeMemberRole',
  z.object({ userId: z.string().min(1), role: RoleName }),
  ({ deps, user, membership }, { userId, role }) =>
    changeMemberRole(deps, user, { tenant: membership.tenantId, userId, role }),
);

type RoleChange = { userId: string; role: RoleName; previousRole: RoleName };

/** Changes a member's role. */
export async function changeRoleAction(
  previous: ActionState<RoleChange>,
  form: FormData,
): Promise<ActionState<RoleChange>> {
  const result = await changeRole(previous, form);
  if (result?.ok && result.data) {
    const { role, previousRole } = result.data;
    return {
      ...result,
      message: role === previousRole ? `Already ${label(role)}.` : `Role changed to ${label(role)}.`,
    };
  }
  return result;
}

const remove = orgAction(
  'removeMember',
  z.object({ userId: z.string().min(1) }),
  ({ deps, user, membership }, { userId }) => removeMember(deps, user, { tenant: membership.tenantId, userId }),
);

/** Removes a member from the organization. */
export async function removeMemberAction(previous: ActionState<void>, form: FormData): Promise<ActionState<void>> {
  return remove(previous, form);
}

const leave = orgAction('leaveOrganization', z.object({}), ({ deps, user, membership }) =>
  leaveOrganization(deps, user, { tenant: membership.tenantId }),
);

/** The signed-in user leaves the organization and goes back to their organizations. */
export async function leaveOrganizationAction(previous: ActionState<void>, form: FormData): Promise<ActionState<void>> {
  const result = await leave(previous, form);
  if (result?.ok) redirect('/orgs');
  return result;
}

const revoke = orgAction(
  'revokeInvitation',
  z.object({ invitationId: z.string().min(1) }),
  ({ deps, user, membership }, { invitationId }) =>
    revokeInvitation(deps, user, { tenant: membership.tenantId, invitationId }),
);

/** Revokes a pending invitation: its link stops working. */
export async function revokeInvitationAction(previous: ActionState<void>, form: FormData): Promise<ActionState<void>> {
  return revoke(previous, form);
}

function label(role: string): string {
  return role.charAt(0) + role.slice(1).toLowerCase();
}
