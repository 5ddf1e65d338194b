import { redactSecretValues, RequestBudgetExhaustedError } from '@mcptest/core';
import type { ProtocolChoice } from '@mcptest/core';
import {
  isSessionError,
  OAuthConnectionError,
  OAuthFlowError,
  openSession,
  SsrfRefusedError,
  type McpSession,
  type SessionFetch,
} from '@mcptest/mcp';
import { PolitenessRefusedError } from '@mcptest/redis';
import { ApiError } from '@/server/api/api-error';
import type { ServiceDeps } from '@/server/services/service-deps';
import { authorizationProblemError, openServerAuthorization } from './open-server-authorization';
import type { ServerTransportName } from './server-schemas';
import { tenantOutboundFetch } from './tenant-outbound-fetch';

/** Discovery and connection tests answer a request, so they are bounded well below any proxy timeout. */
const CONNECT_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 15_000;

/** Where and how to reach a registered server, headers already decrypted. */
export interface ServerTarget {
  url: string;
  transport: ServerTransportName;
  /** The server's protocol era: discovery and connection tests speak what its runs speak. Default auto. */
  protocol?: ProtocolChoice;
  headers: Record<string, string> | undefined;
  /** Set when the server has an OAuth connection: the session opens it and sends its token (refreshed as needed). */
  oauthServerId?: string;
}

/**
 * Opens an MCP session to a registered server, runs `work`, and always closes the session. Every request goes through
 * the web process's outbound fetch (`deps.outbound`: the SSRF-safe fetch with the same per-host politeness as the
 * workers, keyed by the address reached) behind a gate that takes each request from the tenant's daily request
 * allowance, so discovery and connection tests count like a run's requests. A server with an OAuth connection gets
 * its token as a run does (`openServerAuthorization`: refreshed ahead of expiry and once on a 401, the refreshes
 * through the same gated fetch); a connection that cannot be renewed is a 409 `authorization_expired` or a 503
 * `authorization_failed`, a 403 `insufficient_scope` a 503 with that reason naming the scope asked for.
 *
 * A connection refused by the private-network rules is rethrown as the SsrfRefusedError (400 `url_refused` naming the
 * rule, never the address a name resolved to); an exhausted allowance is a 429 `quota_exceeded`; a politeness refusal
 * and any other session failure a 503 `unavailable` whose message starts with `what` ("discovery failed: ...") and
 * whose details carry the reason (`politeness`, or the session error's code; messages are already free of header
 * values). Anything else `work` throws passes through.
 */
export async function withServerSession<T>(
  deps: Pick<ServiceDeps, 'outbound' | 'redis' | 'prefix' | 'db' | 'plans' | 'secretBox' | 'now'>,
  tenantId: string,
  target: ServerTarget,
  what: 'discovery' | 'connection test',
  work: (session: McpSession) => Promise<T>,
): Promise<T> {
  const gated = await tenantOutboundFetch(deps, tenantId);
  const authorization =
    target.oauthServerId === undefined
      ? undefined
      : await openServerAuthorization(deps, tenantId, target.oauthServerId, gated, what);
  const outbound = authorization ? authorization.authorize(gated) : gated;
  let stopped:
    | SsrfRefusedError
    | RequestBudgetExhaustedError
    | PolitenessRefusedError
    | OAuthConnectionError
    | OAuthFlowError
    | undefined;
  // The session reports these as "could not connect"; keeping the error itself lets the answer name the cause.
  let oauthChallenge = false;
  const fetch: SessionFetch = async (url, init) => {
    try {
      const response = await outbound(url, init);
      // A 401 with a Bearer challenge: the server is behind OAuth (the page then offers Connect).
      if (response.status === 401 && /(^|,)\s*bearer\b/i.test(response.headers.get('www-authenticate') ?? '')) {
        oauthChallenge = true;
      }
      return response;
    } catch (error) {
      if (
        error instanceof SsrfRefusedError ||
        error instanceof RequestBudgetExhaustedError ||
        error instanceof PolitenessRefusedError ||
        error instanceof OAuthConnectionError ||
        (error instanceof OAuthFlowError && error.code === 'insufficient_scope')
      ) {
        stopped ??= error;
      }
      throw error;
    }
  };
  try {
    const session = await openSession({
      url: target.url,
      transport: target.transport,
      ...(target.protocol ? { protocol: target.protocol } : {}),
      ...(target.headers ? { headers: target.headers } : {}),
      fetch,
      clientInfo: { name: 'mcptest-discovery', version: '0.1.0' },
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
    });
    try {
      return await work(session);
    } finally {
      await session.close().catch(() => undefined);
    }
  } catch (error) {
    if (stopped instanceof SsrfRefusedError) throw stopped;
    if (stopped instanceof RequestBudgetExhaustedError) throw new ApiError('quota_exceeded', stopped.message);
    if (stopped instanceof PolitenessRefusedError) {
      throw new ApiError('unavailable', `${what} failed: ${stopped.message}`, { reason: 'politeness' });
    }
    const problem = authorization?.problem();
    if (problem) throw authorizationProblemError(what, problem);
    if (stopped instanceof OAuthFlowError) {
      throw new ApiError('unavailable', `${what} failed: ${stopped.message}`, { reason: stopped.code });
    }
    if (isSessionError(error) && oauthChallenge) {
      throw new ApiError(
        'unavailable',
        `${what} failed: the server answered 401 with a Bearer challenge: it uses OAuth. Connect it under Authorization on this page`,
        { reason: 'oauth_required' },
      );
    }
    if (isSessionError(error)) {
      // The session redacts its static headers' values; a server echoing the bearer token needs the same for the token.
      const message = authorization ? redactSecretValues(error.message, authorization.secrets()) : error.message;
      throw new ApiError('unavailable', `${what} failed: ${message}`, { reason: error.code });
    }
    throw error;
  }
}
