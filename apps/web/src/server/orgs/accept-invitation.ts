import { hashToken } from '@mcptest/db';
import { ApiError } from '../api/api-error';
import {
  AcceptInvitationInput,
  parseOrgInput,
  type OrganizationSummary,
  type OrgDeps,
  type SessionUser,
} from './org-schemas';

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
  // eslint-disable-next-line no-restricted-properties -- the token names its tenant; nothing else is read before we know it.
  const invitation = await deps.db.unscoped.invitation.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      email: true,
      role: true,
      expiresAt: true,
      acceptedAt: true,
      tenant: { select: { id: true, name: true, slug: true } },
    },
  });
  if (!invitation) throw new ApiError('not_found', 'this invitation link is not valid (it may have been revoked)');
  if (invitation.acceptedAt) throw new ApiError('conflict', 'this invitation has already been used');
  const now = deps.now();
  if (invitation.expiresAt <= now) {
    throw new ApiError('conflict', 'this invitation has expired: ask an admin of the organization for a new one');
  }
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
    await tx.auditLog.create({
      data: {
        tenantId: tenant.id,
        actorUserId: user.userId,
        action: 'invitation.accept',
        targetType: 'invitation',
        targetId: invitation.id,
        metadata: { role: invitation.role },
      },
    });
    return invitation.role;
  });
  return { tenantId: tenant.id, name: tenant.name, slug: tenant.slug, role };
}
