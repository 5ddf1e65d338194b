import { afterCursor, decodeCursor, PAGE_ORDER, toPage, type Page } from '@/server/services/pagination';
import { requireRole } from './authorize';
import { OrgPageInput, parseOrgInput, type MemberResource, type OrgDeps, type SessionUser } from './org-schemas';
import { resolveMembership } from './resolve-membership';

/** The organization's members with their roles, newest first; any member may see them. */
export async function listMembers(
  deps: Pick<OrgDeps, 'db'>,
  user: SessionUser,
  input: OrgPageInput,
): Promise<Page<MemberResource>> {
  const { tenant, limit, cursor } = parseOrgInput(OrgPageInput, input);
  const membership = await resolveMembership(deps, user.userId, tenant);
  requireRole(membership, 'VIEWER');
  const rows = await deps.db.tenant(membership.tenantId).membership.findMany({
    where: afterCursor(decodeCursor(cursor)),
    orderBy: PAGE_ORDER,
    take: limit + 1,
    select: {
      id: true,
      userId: true,
      role: true,
      createdAt: true,
      user: { select: { email: true, name: true } },
    },
  });
  return toPage(rows, limit, (row) => ({
    userId: row.userId,
    email: row.user.email,
    name: row.user.name,
    role: row.role,
    joinedAt: row.createdAt.toISOString(),
  }));
}
