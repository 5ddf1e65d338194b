import { forbidden, notFound } from 'next/navigation';
import { toErrorPayload } from '@/server/api/to-error-response';
import { getSessionActor, type SessionActor } from '@/server/auth/get-session-actor';
import { requireUser } from '@/server/auth/require-user';
import { actorFromMembership, hasRole } from '@/server/orgs/authorize';
import type { ResolvedMembership, RoleName, SessionUser } from '@/server/orgs/org-schemas';
import { resolveMembership } from '@/server/orgs/resolve-membership';
import { getServiceDeps } from '@/server/services/get-service-deps';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';

/** Everything an organization page needs: who, in which organization, with which role, and the service deps. */
export interface OrgPageContext {
  deps: ServiceDeps;
  user: SessionUser;
  membership: ResolvedMembership;
  actor: Actor;
  /** The organization's slug as it appears in URLs (`/o/<org>/...`). */
  org: string;
  /** True when the role includes `role` (to show or hide buttons; the actions check again on the server). */
  can: (role: RoleName) => boolean;
}

/**
 * THE entry of every page under /o/[org]: signs the visitor in (redirect back afterwards), resolves their membership
 * (a non-member, or an unknown organization, gets the same 404), and requires `minRole` (403 page otherwise). Pages
 * then call the same service functions as the REST API with `actor`.
 */
export async function loadOrgPage(org: string, path: string, minRole: RoleName = 'VIEWER'): Promise<OrgPageContext> {
  return contextFor(await requireUser(path), org, minRole);
}

async function contextFor(sessionUser: SessionActor, org: string, minRole: RoleName): Promise<OrgPageContext> {
  const user: SessionUser = { userId: sessionUser.userId, email: sessionUser.email ?? '' };
  const deps = getServiceDeps();
  let membership: ResolvedMembership;
  try {
    membership = await resolveMembership(deps, user.userId, org);
  } catch (error) {
    if (toErrorPayload(error).code === 'not_found') notFound();
    throw error;
  }
  if (!hasRole(membership.role, minRole)) forbidden();
  return {
    deps,
    user,
    membership,
    actor: actorFromMembership(user.userId, membership),
    org,
    can: (role) => hasRole(membership.role, role),
  };
}

/**
 * The entry of a LAYOUT under /o/[org]: like loadOrgPage, but a signed-out visitor gets null instead of the sign-in
 * redirect. Next renders a layout and its page together and the layout's redirect wins, and a layout knows only its
 * own path (`/o/acme`), not the page's (`/o/acme/suites/x`): redirecting here sent every deep link to the org home
 * after sign-in. With null, the layout renders its children alone and the page, which calls loadOrgPage with its full
 * path, redirects to sign-in and back.
 */
export async function loadOrgLayout(org: string, minRole: RoleName = 'VIEWER'): Promise<OrgPageContext | null> {
  const sessionUser = await getSessionActor();
  return sessionUser ? contextFor(sessionUser, org, minRole) : null;
}

/** Thrown-away helper for services that answer not_found for another tenant's id: a page shows Next's 404 instead. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    // Through the API's error mapping, so what the API answers 404 (a NUL byte in an id among it) is a 404 page.
    if (toErrorPayload(error).code === 'not_found') notFound();
    throw error;
  }
}
