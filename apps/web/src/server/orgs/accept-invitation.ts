import { ApiError } from '@/server/api/api-error';
import { findInvitationByToken } from './find-invitation-by-token';
import {
  AcceptInvitationInput,
  parseOrgInput,
  type OrganizationSummary,
  type OrgDeps,
  type SessionUser,
} from './org-schemas';
import { recordAudit } from '@/server/services/record-audit';

/**
 * Accepts the invitation behind `/invite/<token>` for the signed-in user, whose email must be the invited one (case
 * does not matter). Single use: the accept is a conditional update, so two concurrent accepts cannot both succeed.
 * A user who is already a member keeps their role (changing it is `changeMemberRole`'s job).
 */
export async function acceptInvitation(
  deps: Pick<OrgDeps, 'db' | 'now'>,
  user: SessionUser,
  input: AcceptInvitationInput,
): Promise<OrganizationSummary> {
  const { token } = parseOrgInput(AcceptInvitationInput, input);
  const now = deps.now();
  const invitation = await findInvitationByToken(deps, token, now);
  if (invitation.email.toLowerCase() !== user.email.trim().toLowerCase()) {
    throw new ApiError(
      'forbidden',
      'this invitation was sent to a different email address: sign in with that address to accept it',
    );
  }
  const { tenant } = invitation;
  const role = await deps.db.tenant(tenant.id).transaction(async (tx) => {
    const { count } = await tx.invitation.updateMany({
      where: { id: invitation.id, acceptedAt: null },
      data: { acceptedAt: now },
    });
    if (count === 0) throw new ApiError('conflict', 'this invitation has already been used');
    const existing = await tx.membership.findFirst({ where: { userId: user.userId }, select: { role: true } });
    if (existing) return existing.role;
    await tx.membership.create({ data: { tenantId: tenant.id, userId: user.userId, role: invitation.role } });
    await recordAudit(
      tx,
      { tenantId: tenant.id, userId: user.userId },
      {
        action: 'invitation.accept',
        targetType: 'invitation',
        targetId: invitation.id,
        metadata: { role: invitation.role },
      },
    );
    return invitation.role;
  });
  return { tenantId: tenant.id, name: tenant.name, slug: tenant.slug, role };
}
