import { generateSecretToken, hashToken } from '@mcptest/db';
import { ApiError } from '@/server/api/api-error';
import { hasRole, requireRole } from './authorize';
import {
  CreateInvitationInput,
  INVITATION_TTL_MS,
  parseOrgInput,
  type InvitationResource,
  type OrgDeps,
  type SessionUser,
} from './org-schemas';
import { resolveMembership } from './resolve-membership';
import { INVITATION_SELECT, toInvitationResource } from './to-invitation-resource';
import { recordAudit } from '@/server/services/record-audit';

/**
 * Invites an email address (ADMIN and up) with a role no higher than the inviter's. Returns the accept URL, which holds
 * the only copy of the token (256 random bits; only its SHA-256 is stored), so it is shown or emailed once. A pending
 * invitation to the same address is replaced, so only the newest link works.
 */
export async function createInvitation(
  deps: OrgDeps,
  user: SessionUser,
  input: CreateInvitationInput,
): Promise<{ invitation: InvitationResource; acceptUrl: string }> {
  const { tenant, email, role } = parseOrgInput(CreateInvitationInput, input);
  const caller = await resolveMembership(deps, user.userId, tenant);
  requireRole(caller, 'ADMIN');
  if (!hasRole(caller.role, role)) {
    throw new ApiError('forbidden', `you can invite with your own role (${caller.role}) or lower, not ${role}`, {
      required: role,
    });
  }
  const existing = await deps.db.global.user.findFirst({
    where: { email: { equals: email, mode: 'insensitive' }, memberships: { some: { tenantId: caller.tenantId } } },
    select: { id: true },
  });
  if (existing) throw new ApiError('conflict', `${email} is already a member of this organization`);

  const token = generateSecretToken();
  const now = deps.now();
  const invitation = await deps.db.tenant(caller.tenantId).transaction(async (tx) => {
    await tx.invitation.deleteMany({ where: { email, acceptedAt: null } });
    const row = await tx.invitation.create({
      data: {
        tenantId: caller.tenantId,
        email,
        role,
        tokenHash: hashToken(token),
        invitedById: user.userId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      },
      select: INVITATION_SELECT,
    });
    await recordAudit(
      tx,
      { tenantId: caller.tenantId, userId: user.userId },
      { action: 'invitation.create', targetType: 'invitation', targetId: row.id, metadata: { email, role } },
    );
    return row;
  });
  return { invitation: toInvitationResource(invitation, now), acceptUrl: `${deps.appUrl}/invite/${token}` };
}
