import { ApiError } from '@/server/api/api-error';
import { permissionOfRole } from '@/server/services/permissions';
import type { Actor } from '@/server/services/service-deps';
import { ROLE_RANK, type OrgDeps, type ResolvedMembership, type RoleName, type SessionUser } from './org-schemas';
import { resolveMembership } from './resolve-membership';

/** True when `role` includes everything `minRole` may do (VIEWER < MEMBER < ADMIN < OWNER). */
export function hasRole(role: RoleName, minRole: RoleName): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minRole];
}

/** Throws ApiError forbidden naming the role needed unless the membership's role is at least `minRole`. */
export function requireRole(membership: ResolvedMembership, minRole: RoleName): void {
  if (!hasRole(membership.role, minRole)) {
    throw new ApiError(
      'forbidden',
      `this needs the ${minRole} role or higher in this organization; you are ${membership.role}`,
      { required: minRole, role: membership.role },
    );
  }
}

/**
 * The `Actor` the shared service functions take, for a signed-in member: UI actions call the same services as the
 * REST API, as this user in this organization.
 */
export function actorFromMembership(userId: string, membership: ResolvedMembership): Actor {
  return { tenantId: membership.tenantId, userId, permission: permissionOfRole(membership.role) };
}

/** What a `withRole` handler receives: the caller, their membership, and the actor for service calls. */
export interface OrgContext<D extends Pick<OrgDeps, 'db'> = Pick<OrgDeps, 'db'>> {
  deps: D;
  user: SessionUser;
  membership: ResolvedMembership;
  actor: Actor;
}

/**
 * THE authorization wrapper for pages and server actions: resolves the user's membership of the organization (not_found
 * for non-members), requires `minRole` (forbidden otherwise), then calls `fn` with the actor for service calls.
 *
 * ```ts
 * const triggerRun = withRole('MEMBER', ({ deps, actor }, suiteId: string) => triggerRunService(deps, actor, { suiteId }));
 * await triggerRun(getServiceDeps(), sessionUser, params.org, suiteId);
 * ```
 */
export function withRole<D extends Pick<OrgDeps, 'db'>, A extends unknown[], R>(
  minRole: RoleName,
  fn: (context: OrgContext<D>, ...args: A) => Promise<R>,
): (deps: D, user: SessionUser, tenantIdOrSlug: string, ...args: A) => Promise<R> {
  return async (deps, user, tenantIdOrSlug, ...args) => {
    const membership = await resolveMembership(deps, user.userId, tenantIdOrSlug);
    requireRole(membership, minRole);
    return fn({ deps, user, membership, actor: actorFromMembership(user.userId, membership) }, ...args);
  };
}
