import type { AuthorizationFailure } from '@mcptest/core';
import { serverAuthorizationStore, type TenantDb } from '@mcptest/db';
import { openOAuthConnection, type OAuthConnection, type OAuthConnectionProblem } from '@mcptest/mcp';
import type { WorkerDeps } from '../worker-deps';

/** Why a run cannot be authorized: the run's error, and the webhook's failure when the connection just expired. */
export interface AuthorizationProblem {
  error: string;
  /** Present only on the transition to EXPIRED, so a dead connection raises its webhook once, not once per run. */
  failure?: AuthorizationFailure;
}

/** A run's OAuth state: the connection's fetch wrapper and token list, its problem in the run's terms. */
export interface RunAuthorization extends Pick<OAuthConnection, 'wrap' | 'secrets'> {
  /** Set once a refresh failed: the run then ends `error` with this. */
  problem(): AuthorizationProblem | undefined;
}

export type PrepareRunAuthorizationResult =
  { ok: true; authorization: RunAuthorization | undefined } | ({ ok: false } & AuthorizationProblem);

function asRunProblem(serverId: string, problem: OAuthConnectionProblem): AuthorizationProblem {
  return {
    error: problem.error,
    ...(problem.expired ? { failure: { serverId, reason: problem.expired.reason } } : {}),
  };
}

/**
 * The server's OAuth connection readied for a run or a monitor check: `openOAuthConnection` (@mcptest/mcp, the one
 * home of refreshing ahead of expiry and on a 401, storing renewed tokens sealed under the token version, marking the
 * connection EXPIRED when the authorization server refuses) over the connection's row (`serverAuthorizationStore`),
 * with the worker's SSRF-safe fetch for the token requests. What it adds is the run's side: a connection that just
 * expired becomes the `AuthorizationFailure` from which finishRun raises `server.authorization_failed`.
 */
export async function prepareRunAuthorization(
  deps: Pick<WorkerDeps, 'secretBox' | 'fetch' | 'now'>,
  db: TenantDb,
  serverId: string,
): Promise<PrepareRunAuthorizationResult> {
  const opened = await openOAuthConnection({
    store: serverAuthorizationStore(db, deps.secretBox, serverId, { now: deps.now }),
    fetch: deps.fetch,
    now: deps.now,
  });
  if (!opened.ok) return { ok: false, ...asRunProblem(serverId, opened) };
  const { connection } = opened;
  if (!connection) return { ok: true, authorization: undefined };
  return {
    ok: true,
    authorization: {
      wrap: (fetch) => connection.wrap(fetch),
      secrets: () => connection.secrets(),
      problem: () => {
        const problem = connection.problem();
        return problem ? asRunProblem(serverId, problem) : undefined;
      },
    },
  };
}
