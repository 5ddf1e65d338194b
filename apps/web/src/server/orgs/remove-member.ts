import { ApiError } from '@/server/api/api-error';
import { requireRole } from './authorize';
import { lockOwners } from './lock-owners';
import { parseOrgInput, RemoveMemberInput, type OrgDeps, type SessionUser } from './org-schemas';
import { resolveMembership } from './resolve-membership';
import { recordAudit } from '@/server/services/record-audit';

/**
 * Removes a member from the organization (ADMIN and up). Removing an OWNER takes an OWNER, and the last OWNER cannot
 * be removed (conflict). Their API tokens and runs stay: they belong to the organization, not the person.
 */
export async function removeMember(
  deps: Pick<OrgDeps, 'db' | 'now'>,
  user: SessionUser,
  input: RemoveMemberInput,
): Promise<void> {
  const { tenant, userId } = parseOrgInput(RemoveMemberInput, input);
  const caller = await resolveMembership(deps, user.userId, tenant);
  requireRole(caller, 'ADMIN');
  await deps.db.tenant(caller.tenantId).transaction(async (tx) => {
    const target = await tx.membership.findFirst({ where: { userId }, select: { id: true, role: true } });
    if (!target) throw new ApiError('not_found', 'member not found');
    if (target.role === 'OWNER') {
      if (caller.role !== 'OWNER') {
        throw new ApiError('forbidden', 'only an OWNER can remove an OWNER', { required: 'OWNER' });
      }
      if ((await lockOwners(tx, deps.now())) <= 1) {
        throw new ApiError('conflict', 'the last OWNER cannot be removed: make another member OWNER first');
      }
    }
    await tx.membership.delete({ where: { id: target.id } });
    await recordAudit(
      tx,
      { tenantId: caller.tenantId, userId: user.userId },
      { action: 'member.remove', targetType: 'user', targetId: userId, metadata: { role: target.role } },
    );
  });
}
