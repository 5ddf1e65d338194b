import { AUTHORIZATION_EXPIRED_ERROR } from '@mcptest/core';
import { serverAuthorizationStore } from '@mcptest/db';
import { openOAuthConnection, type FetchLike, type OAuthConnection, type OAuthConnectionProblem } from '@mcptest/mcp';
import { ApiError } from '@/server/api/api-error';
import type { ServiceDeps } from '@/server/services/service-deps';

/**
 * Why discovery or a connection test cannot use the server's OAuth connection, as the API answers it: 409
 * `authorization_expired` when the authorization server refused to renew it (or it had expired before: a member must
 * connect it again), 503 `authorization_failed` when the renewal could not be tried (the authorization server did not
 * answer, an address refused, the stored connection cannot be opened).
 */
export function authorizationProblemError(
  what: 'discovery' | 'connection test',
  problem: OAuthConnectionProblem,
): ApiError {
  return problem.error === AUTHORIZATION_EXPIRED_ERROR
    ? new ApiError('conflict', `${what} failed: ${problem.error}`, { reason: 'authorization_expired' })
    : new ApiError('unavailable', `${what} failed: ${problem.error}`, { reason: 'authorization_failed' });
}

/**
 * The server's OAuth connection opened for one discovery or connection test, exactly as a run opens it
 * (`openOAuthConnection`, the one home: renewed ahead of expiry and once on a 401, renewed tokens stored sealed under
 * the token version, EXPIRED when the authorization server refuses), its token requests sent through `fetch` (the
 * tenant's SSRF-safe fetch, counted against its request allowance). Undefined when the server has no connection.
 *
 * A connection that expires here raises no `server.authorization_failed`: that event is a run's (its body carries the
 * run that found it, docs/webhooks.md), and the member who pressed the button is told at once.
 */
export async function openServerAuthorization(
  deps: Pick<ServiceDeps, 'db' | 'secretBox' | 'now'>,
  tenantId: string,
  serverId: string,
  fetch: FetchLike,
  what: 'discovery' | 'connection test',
): Promise<OAuthConnection | undefined> {
  const opened = await openOAuthConnection({
    store: serverAuthorizationStore(deps.db.tenant(tenantId), deps.secretBox, serverId, { now: deps.now }),
    fetch,
    now: deps.now,
  });
  if (!opened.ok) throw authorizationProblemError(what, opened);
  return opened.connection;
}
