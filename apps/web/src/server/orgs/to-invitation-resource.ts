import type { InvitationResource, RoleName } from './org-schemas';

/** The columns an invitation resource is built from (never the token hash). */
export const INVITATION_SELECT = {
  id: true,
  email: true,
  role: true,
  invitedById: true,
  expiresAt: true,
  createdAt: true,
} as const;

/** An invitation as listed and returned: no token, no hash. */
export function toInvitationResource(
  row: {
    id: string;
    email: string;
    role: RoleName;
    invitedById: string | null;
    expiresAt: Date;
    createdAt: Date;
  },
  now: Date,
): InvitationResource {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedById: row.invitedById,
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
    createdAt: row.createdAt.toISOString(),
  };
}
