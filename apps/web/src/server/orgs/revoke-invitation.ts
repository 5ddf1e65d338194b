import { ApiError } from '@/server/api/api-error';
import { requireRole } from './authorize';
import { parseOrgInput, RevokeInvitationInput, type OrgDeps, type SessionUser } from './org-schemas';
import { resolveMembership } from './resolve-membership';
import { recordAudit } from '@/server/services/record-audit';

/** Deletes a pending invitation (ADMIN and up), so its link stops working; an accepted or unknown one is not_found. */
export async function revokeInvitation(
  deps: Pick<OrgDeps, 'db'>,
  user: SessionUser,
  input: RevokeInvitationInput,
): Promise<void> {
  const { tenant, invitationId } = parseOrgInput(RevokeInvitationInput, input);
  const caller = await resolveMembership(deps, user.userId, tenant);
  requireRole(caller, 'ADMIN');
  await deps.db.tenant(caller.tenantId).transaction(async (tx) => {
    const { count } = await tx.invitation.deleteMany({ where: { id: invitationId, acceptedAt: null } });
    if (count === 0) throw new ApiError('not_found', 'invitation not found (or already accepted)');
    await recordAudit(
      tx,
      { tenantId: caller.tenantId, userId: user.userId },
      { action: 'invitation.revoke', targetType: 'invitation', targetId: invitationId },
    );
  });
}
