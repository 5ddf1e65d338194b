import { ApiError } from '@/server/api/api-error';
import { lockOwners } from './lock-owners';
import { LeaveOrganizationInput, parseOrgInput, type OrgDeps, type SessionUser } from './org-schemas';
import { resolveMembership } from './resolve-membership';
import { recordAudit } from '@/server/services/record-audit';

/** The user leaves the organization (any role); the last OWNER cannot leave (conflict) until another OWNER exists. */
export async function leaveOrganization(
  deps: Pick<OrgDeps, 'db' | 'now'>,
  user: SessionUser,
  input: LeaveOrganizationInput,
): Promise<void> {
  const { tenant } = parseOrgInput(LeaveOrganizationInput, input);
  const membership = await resolveMembership(deps, user.userId, tenant);
  await deps.db.tenant(membership.tenantId).transaction(async (tx) => {
    const own = await tx.membership.findFirst({ where: { userId: user.userId }, select: { id: true, role: true } });
    if (!own) throw new ApiError('not_found', 'organization not found');
    if (own.role === 'OWNER' && (await lockOwners(tx, deps.now())) <= 1) {
      throw new ApiError('conflict', 'you are the last OWNER: make another member OWNER before leaving');
    }
    await tx.membership.delete({ where: { id: own.id } });
    await recordAudit(
      tx,
      { tenantId: membership.tenantId, userId: user.userId },
      { action: 'member.leave', targetType: 'user', targetId: user.userId, metadata: { role: own.role } },
    );
  });
}
