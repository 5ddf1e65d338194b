import { afterCursor, decodeCursor, PAGE_ORDER, toPage, type Page } from '@/server/services/pagination';
import { requireRole } from './authorize';
import { OrgPageInput, parseOrgInput, type InvitationResource, type OrgDeps, type SessionUser } from './org-schemas';
import { resolveMembership } from './resolve-membership';
import { INVITATION_SELECT, toInvitationResource } from './to-invitation-resource';

/** The organization's pending (not yet accepted) invitations, newest first, expired ones flagged (ADMIN and up). */
export async function listInvitations(
  deps: Pick<OrgDeps, 'db' | 'now'>,
  user: SessionUser,
  input: OrgPageInput,
): Promise<Page<InvitationResource>> {
  const { tenant, limit, cursor } = parseOrgInput(OrgPageInput, input);
  const caller = await resolveMembership(deps, user.userId, tenant);
  requireRole(caller, 'ADMIN');
  const rows = await deps.db.tenant(caller.tenantId).invitation.findMany({
    where: { acceptedAt: null, ...afterCursor(decodeCursor(cursor)) },
    orderBy: PAGE_ORDER,
    take: limit + 1,
    select: INVITATION_SELECT,
  });
  const now = deps.now();
  return toPage(rows, limit, (row) => toInvitationResource(row, now));
}
