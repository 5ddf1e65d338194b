import { ApiError } from '@/server/api/api-error';
import { requireRole } from './authorize';
import { lockOwners } from './lock-owners';
import { ChangeMemberRoleInput, parseOrgInput, type OrgDeps, type RoleName, type SessionUser } from './org-schemas';
import { resolveMembership } from './resolve-membership';
import { recordAudit } from '@/server/services/record-audit';

/**
 * Changes a member's role. ADMIN and up may move members among VIEWER, MEMBER and ADMIN; only an OWNER may make or
 * unmake an OWNER; the last OWNER cannot be demoted (conflict), so an organization always has someone who can manage it.
 */
export async function changeMemberRole(
  deps: Pick<OrgDeps, 'db' | 'now'>,
  user: SessionUser,
  input: ChangeMemberRoleInput,
): Promise<{ userId: string; role: RoleName; previousRole: RoleName }> {
  const { tenant, userId, role } = parseOrgInput(ChangeMemberRoleInput, input);
  const caller = await resolveMembership(deps, user.userId, tenant);
  requireRole(caller, 'ADMIN');
  const db = deps.db.tenant(caller.tenantId);
  return db.transaction(async (tx) => {
    const target = await tx.membership.findFirst({ where: { userId }, select: { id: true, role: true } });
    if (!target) throw new ApiError('not_found', 'member not found');
    if ((target.role === 'OWNER' || role === 'OWNER') && caller.role !== 'OWNER') {
      throw new ApiError('forbidden', 'only an OWNER can make or unmake an OWNER', { required: 'OWNER' });
    }
    if (target.role === role) return { userId, role, previousRole: target.role };
    if (target.role === 'OWNER' && (await lockOwners(tx, deps.now())) <= 1) {
      throw new ApiError('conflict', 'the last OWNER cannot be demoted: make another member OWNER first');
    }
    await tx.membership.update({ where: { id: target.id }, data: { role } });
    await recordAudit(
      tx,
      { tenantId: caller.tenantId, userId: user.userId },
      { action: 'member.role_change', targetType: 'user', targetId: userId, metadata: { from: target.role, to: role } },
    );
    return { userId, role, previousRole: target.role };
  });
}
