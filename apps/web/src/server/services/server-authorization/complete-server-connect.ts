import { completeAuthorization, type OAuthClientRegistration, type OAuthDiscovery } from '@mcptest/mcp';
import { toErrorPayload } from '@/server/api/to-error-response';
import { actorFromMembership, requireRole } from '@/server/orgs/authorize';
import { resolveMembership } from '@/server/orgs/resolve-membership';
import type { ServiceDeps } from '@/server/services/service-deps';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import { tenantOutboundFetch } from '@/server/services/servers/tenant-outbound-fetch';
import { saveConnectOutcome } from './connect-outcome';
import { toOAuthApiError } from './oauth-failure';
import { storeServerConnection } from './store-server-connection';
import { takePendingConnect } from './take-pending-connect';

/** Where the callback sends the browser next: the server's page, or nowhere known (an unknown or foreign state). */
export type CompleteServerConnectResult = { org: string; serverId: string; ok: boolean } | null;

/**
 * The OAuth callback (`/oauth/callback` under APP_URL): takes the flow its `state` names (once; it must be this
 * user's), checks the user is still a MEMBER of the organization, then completes the code exchange (callback checks,
 * PKCE verifier, `resource`) through the tenant's SSRF-safe fetch and saves the connection sealed. The outcome
 * (Connected, or why not: consent denied, issuer or resource mismatch, a refused address) is kept for the server
 * page; nothing of it goes in the URL. An unknown, expired or foreign state answers null: there is no page to return to.
 */
export async function completeServerConnect(
  deps: ServiceDeps,
  userId: string,
  callbackUrl: string,
): Promise<CompleteServerConnectResult> {
  const state = new URL(callbackUrl).searchParams.get('state') ?? '';
  let flow;
  try {
    flow = await takePendingConnect(deps, state, userId);
  } catch {
    return null;
  }
  // The organization's slug for the page to return to (URLs use slugs; the flow keeps the tenant's id).
  const tenant = await deps.db.global.tenant.findFirst({ where: { id: flow.tenantId }, select: { slug: true } });
  if (!tenant) return null;
  const back = { org: tenant.slug, serverId: flow.serverId };
  // zod's optional fields may hold undefined; the OAuth types (exactOptionalPropertyTypes) want them absent.
  const { clientSecret, ...clientFields } = flow.client;
  const client: OAuthClientRegistration = { ...clientFields, ...(clientSecret === undefined ? {} : { clientSecret }) };
  const { scopesSupported, challengeScope, ...discoveryFields } = flow.discovery;
  const discovery: OAuthDiscovery = {
    ...discoveryFields,
    ...(scopesSupported === undefined ? {} : { scopesSupported }),
    ...(challengeScope === undefined ? {} : { challengeScope }),
  };
  try {
    const membership = await resolveMembership(deps, userId, flow.tenantId);
    if (membership.tenantId !== flow.tenantId) return null;
    requireRole(membership, 'MEMBER');
    const actor = actorFromMembership(userId, membership);
    await getServerOrThrow(deps, actor, flow.serverId);
    const fetch = await tenantOutboundFetch(deps, actor.tenantId);
    let tokens;
    try {
      tokens = await completeAuthorization({
        discovery,
        client,
        redirectUri: flow.redirectUri,
        callbackUrl,
        state: flow.state,
        codeVerifier: flow.codeVerifier,
        fetch,
      });
    } catch (error) {
      throw toOAuthApiError(error);
    }
    await storeServerConnection(deps, actor, {
      serverId: flow.serverId,
      kind: 'AUTHORIZATION_CODE',
      client,
      discovery,
      tokens,
    });
    await saveConnectOutcome(deps, userId, flow.serverId, {
      ok: true,
      message: `Connected to ${flow.discovery.issuer}${tokens.scope ? ` with the scope "${tokens.scope}"` : ''}.`,
    });
    return { ...back, ok: true };
  } catch (error) {
    const payload = toErrorPayload(error);
    if (payload.unexpected) throw error;
    await saveConnectOutcome(deps, userId, flow.serverId, { ok: false, message: payload.message });
    return { ...back, ok: false };
  }
}
