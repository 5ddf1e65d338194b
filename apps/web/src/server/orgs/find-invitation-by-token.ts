import { hashToken } from '@mcptest/db';
import { ApiError } from '@/server/api/api-error';
import type { OrgDeps, RoleName } from './org-schemas';

/** A pending, unexpired invitation as its link names it, with the organization it opens. */
export interface OpenInvitation {
  id: string;
  email: string;
  role: RoleName;
  expiresAt: Date;
  tenant: { id: string; name: string; slug: string };
}

/**
 * The invitation behind an `/invite/<token>` link, refused the same way wherever a link is looked at (the preview page
 * and the accept both call this, so they never disagree): unknown or revoked → not_found, used or expired → conflict,
 * each with words the invitee can act on.
 */
export async function findInvitationByToken(
  deps: Pick<OrgDeps, 'db'>,
  token: string,
  now: Date,
): Promise<OpenInvitation> {
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
  if (invitation.expiresAt <= now) {
    throw new ApiError('conflict', 'this invitation has expired: ask an admin of the organization for a new one');
  }
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    tenant: invitation.tenant,
  };
}
