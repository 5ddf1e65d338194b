import { findInvitationByToken } from './find-invitation-by-token';
import { AcceptInvitationInput, parseOrgInput, type OrgDeps, type RoleName, type SessionUser } from './org-schemas';

/** What the `/invite/<token>` page shows before the invitee accepts. */
export interface InvitationPreview {
  organization: { name: string; slug: string };
  role: RoleName;
  /** The invited address: the invitee must be signed in with it to accept. */
  email: string;
  expiresAt: string;
  /** The signed-in user's email is the invited one (case does not matter); accepting will work. */
  emailMatches: boolean;
  /** The signed-in user already belongs to the organization (accepting keeps their current role). */
  alreadyMember: boolean;
}

/**
 * Reads an invitation link without using it, for the page that asks the invitee to accept: which organization, which
 * role, and whether the signed-in user can accept it. Unknown, revoked, used and expired links are refused exactly as
 * `acceptInvitation` refuses them. Reading changes nothing, so a page load (or a link preview bot) never uses a link.
 */
export async function previewInvitation(
  deps: Pick<OrgDeps, 'db' | 'now'>,
  user: SessionUser,
  input: AcceptInvitationInput,
): Promise<InvitationPreview> {
  const { token } = parseOrgInput(AcceptInvitationInput, input);
  const invitation = await findInvitationByToken(deps, token, deps.now());
  const membership = await deps.db
    .tenant(invitation.tenant.id)
    .membership.findFirst({ where: { userId: user.userId }, select: { id: true } });
  return {
    organization: { name: invitation.tenant.name, slug: invitation.tenant.slug },
    role: invitation.role,
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
    emailMatches: invitation.email.toLowerCase() === user.email.trim().toLowerCase(),
    alreadyMember: membership !== null,
  };
}
