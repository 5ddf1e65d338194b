import { z } from 'zod';
import { ApiError } from '@/server/api/api-error';
import type { ServiceDeps } from '@/server/services/service-deps';

/** What the organization services use; a full ServiceDeps satisfies it, and tests build just this. */
export type OrgDeps = Pick<ServiceDeps, 'db' | 'now' | 'appUrl'>;

/** The signed-in person (from the Auth.js session), not yet tied to any organization. */
export interface SessionUser {
  userId: string;
  email: string;
}

export const ROLES = ['VIEWER', 'MEMBER', 'ADMIN', 'OWNER'] as const;
export const RoleName = z.enum(ROLES);
export type RoleName = z.infer<typeof RoleName>;

/** Each role includes everything the roles below it may do. */
export const ROLE_RANK: Record<RoleName, number> = { VIEWER: 0, MEMBER: 1, ADMIN: 2, OWNER: 3 };

/** The caller's place in one organization, as `resolveMembership` found it. */
export interface ResolvedMembership {
  tenantId: string;
  role: RoleName;
}

/** An organization is named by its id or its slug (URLs use the slug). */
const TenantRef = z.string().trim().min(1).max(100);

export const CreateOrganizationInput = z.strictObject({ name: z.string().trim().min(1).max(100) });
export type CreateOrganizationInput = z.infer<typeof CreateOrganizationInput>;

export const OrgPageInput = z.strictObject({
  tenant: TenantRef,
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});
export type OrgPageInput = z.input<typeof OrgPageInput>;

export const ChangeMemberRoleInput = z.strictObject({
  tenant: TenantRef,
  userId: z.string().min(1).max(64),
  role: RoleName,
});
export type ChangeMemberRoleInput = z.infer<typeof ChangeMemberRoleInput>;

export const RemoveMemberInput = z.strictObject({ tenant: TenantRef, userId: z.string().min(1).max(64) });
export type RemoveMemberInput = z.infer<typeof RemoveMemberInput>;

export const LeaveOrganizationInput = z.strictObject({ tenant: TenantRef });
export type LeaveOrganizationInput = z.infer<typeof LeaveOrganizationInput>;

export const CreateInvitationInput = z.strictObject({
  tenant: TenantRef,
  email: z
    .email()
    .max(254)
    .transform((email) => email.trim().toLowerCase()),
  role: RoleName.default('MEMBER'),
});
export type CreateInvitationInput = z.input<typeof CreateInvitationInput>;

export const RevokeInvitationInput = z.strictObject({ tenant: TenantRef, invitationId: z.string().min(1).max(64) });
export type RevokeInvitationInput = z.infer<typeof RevokeInvitationInput>;

/** The token from `/invite/<token>`: 32 random bytes in base64url are 43 characters (generateSecretToken). */
export const AcceptInvitationInput = z.strictObject({ token: z.string().min(16).max(128) });
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInput>;

/** Invitations expire a week after they are sent. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface OrganizationSummary {
  tenantId: string;
  name: string;
  slug: string;
  role: RoleName;
}

export interface MemberResource {
  userId: string;
  email: string | null;
  name: string | null;
  role: RoleName;
  joinedAt: string;
}

export interface InvitationResource {
  id: string;
  email: string;
  role: RoleName;
  invitedById: string | null;
  expiresAt: string;
  expired: boolean;
  createdAt: string;
}

/** Parses a service input at the boundary: ApiError validation_failed naming each bad field. */
export function parseOrgInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ApiError(
    'validation_failed',
    'the request is not valid',
    result.error.issues.map((issue) => ({ path: issue.path.join('.') || '(input)', message: issue.message })),
  );
}
