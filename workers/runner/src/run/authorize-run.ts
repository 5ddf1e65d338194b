import { AUTHORIZATION_EXPIRED_ERROR, type AuthorizationFailure } from '@mcptest/core';
import {
  loadServerAuthorization,
  markServerAuthorization,
  updateServerAuthorizationTokens,
  type LoadedServerAuthorization,
  type ServerAuthorizationSecrets,
  type TenantDb,
} from '@mcptest/db';
import {
  authorizedFetch,
  clientCredentialsToken,
  OAuthFlowError,
  refreshOAuthTokens,
  type FetchLike,
  type OAuthClientRegistration,
  type OAuthTokenSet,
  type OAuthTokenSource,
  type SafeFetch,
} from '@mcptest/mcp';
import type { WorkerDeps } from '../worker-deps';

/**
 * A token expiring within this margin is replaced before the run starts: a run's first requests should not all meet a
 * 401 (the refresh-on-401 path stays for tokens revoked early or clocks that disagree).
 */
export const REFRESH_MARGIN_MS = 60_000;

/** Why a run cannot be authorized: the run's error, and the webhook's failure when the connection just expired. */
export interface AuthorizationProblem {
  error: string;
  /** Present only on the transition to EXPIRED, so a dead connection raises its webhook once, not once per run. */
  failure?: AuthorizationFailure;
}

/** A run's OAuth state: the fetch that sends its bearer token, and what became of it. */
export interface RunAuthorization {
  /** `fetch` with the bearer token added and a 401 answered by one refresh and one retry (`authorizedFetch`). */
  wrap(fetch: SafeFetch): SafeFetch;
  /** Set once a refresh failed: the run then ends `error` with this. */
  problem(): AuthorizationProblem | undefined;
  /** Every token the run held (access and refresh, before and after refreshes), for redacting what it stores. */
  secrets(): string[];
}

export type PrepareRunAuthorizationResult =
  { ok: true; authorization: RunAuthorization | undefined } | ({ ok: false } & AuthorizationProblem);

const METHOD_TO_WIRE = {
  PRE_REGISTERED: 'pre_registered',
  CLIENT_ID_METADATA_DOCUMENT: 'client_id_metadata_document',
  DYNAMIC: 'dynamic',
} as const satisfies Record<LoadedServerAuthorization['registrationMethod'], OAuthClientRegistration['method']>;

/** The stored tokens as an `OAuthTokenSet` (absent fields left out, as exactOptionalPropertyTypes wants them). */
function tokenSetOf(stored: ServerAuthorizationSecrets['tokens']): OAuthTokenSet {
  const { refreshToken, expiresAt, scope } = stored;
  return {
    accessToken: stored.accessToken,
    tokenType: stored.tokenType,
    ...(refreshToken === undefined ? {} : { refreshToken }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(scope === undefined ? {} : { scope }),
  };
}

/**
 * `authorizedFetch` over a fetch of the safe-fetch family. MCP sessions call fetch with a URL and an init; a `Request`
 * (whose body could not be sent twice on a refresh-and-retry) is refused rather than sent without its token.
 */
function authorize(fetch: FetchLike, source: OAuthTokenSource): FetchLike {
  const wrapped = authorizedFetch(fetch, source);
  return (input, init) =>
    input instanceof Request
      ? Promise.reject(new TypeError('an authorized request must be given as a URL and an init, not a Request'))
      : wrapped(input, init);
}

/** Thrown into the run's requests once its authorization is gone; the message is the run's error. */
class RunAuthorizationError extends Error {
  override readonly name = 'RunAuthorizationError';
}

/**
 * Loads the server's OAuth connection (the worker opens it here and only here, as it does headers in loadRunPlan) and
 * gets it ready for the run: a token expiring within {@link REFRESH_MARGIN_MS} is refreshed first (client credentials:
 * a new token). Tokens obtained are sealed and stored at once, guarded by the connection's token version, so two
 * workers refreshing together store one result and the loser adopts it. A refresh the authorization server refuses
 * marks the connection EXPIRED and ends the run with {@link AUTHORIZATION_EXPIRED_ERROR}; a refresh that could not be
 * tried (network, SSRF refusal) ends it `error` with the reason but leaves the connection as it is.
 */
export async function prepareRunAuthorization(
  deps: Pick<WorkerDeps, 'secretBox' | 'fetch' | 'now'>,
  db: TenantDb,
  serverId: string,
): Promise<PrepareRunAuthorizationResult> {
  let loaded: LoadedServerAuthorization | null;
  try {
    loaded = await loadServerAuthorization(db, deps.secretBox, serverId);
  } catch (error) {
    // The message names the key id or the failure, never the secret.
    return { ok: false, error: `the server's OAuth connection cannot be decrypted: ${(error as Error).message}` };
  }
  if (!loaded) return { ok: true, authorization: undefined };
  // Expired earlier: its webhook went out then; trying the dead refresh token again would only hit the AS.
  if (loaded.state !== 'CONNECTED') return { ok: false, error: AUTHORIZATION_EXPIRED_ERROR };

  let current = loaded;
  const seen = new Set<string>();
  const remember = (tokens: OAuthTokenSet) => {
    seen.add(tokens.accessToken);
    if (tokens.refreshToken) seen.add(tokens.refreshToken);
  };
  remember(tokenSetOf(current.secrets.tokens));
  let problem: AuthorizationProblem | undefined;
  // Read through a function: the closures below set it, which TypeScript's narrowing of the variable does not see.
  const problemNow = (): AuthorizationProblem | undefined => problem;
  let inflight: Promise<string> | undefined;

  const obtain = (from: LoadedServerAuthorization): Promise<OAuthTokenSet> => {
    const { secrets } = from;
    const client: OAuthClientRegistration = {
      clientId: from.clientId,
      method: METHOD_TO_WIRE[from.registrationMethod],
      tokenEndpointAuthMethod: secrets.tokenEndpointAuthMethod,
      ...(secrets.clientSecret === undefined ? {} : { clientSecret: secrets.clientSecret }),
    };
    if (from.kind === 'CLIENT_CREDENTIALS') {
      const scope = secrets.tokens.scope ?? secrets.discovery.challengeScope;
      return clientCredentialsToken({
        discovery: secrets.discovery,
        client,
        ...(scope === undefined ? {} : { scope }),
        fetch: deps.fetch,
      });
    }
    const refreshToken = secrets.tokens.refreshToken;
    if (refreshToken === undefined) {
      return Promise.reject(new OAuthFlowError('refresh_failed', 'the connection has no refresh token'));
    }
    return refreshOAuthTokens({ discovery: secrets.discovery, client, refreshToken, fetch: deps.fetch });
  };

  /** Another worker (or a reconnect) stored newer tokens than the ones this run started from: use those. */
  const adoptNewer = async (from: LoadedServerAuthorization): Promise<boolean> => {
    const reloaded = await loadServerAuthorization(db, deps.secretBox, serverId);
    if (!reloaded || reloaded.state !== 'CONNECTED' || reloaded.tokenVersion === from.tokenVersion) return false;
    current = reloaded;
    remember(tokenSetOf(reloaded.secrets.tokens));
    return true;
  };

  const renewOnce = async (): Promise<string> => {
    const from = current;
    let tokens: OAuthTokenSet;
    try {
      tokens = await obtain(from);
    } catch (error) {
      // With refresh-token rotation, a worker that refreshed first made ours invalid: its tokens are good.
      if (await adoptNewer(from)) return current.secrets.tokens.accessToken;
      const message = error instanceof Error ? error.message : String(error);
      const refused =
        error instanceof OAuthFlowError && (error.code === 'refresh_failed' || error.code === 'token_failed');
      if (refused) {
        const marked = await markServerAuthorization(db, {
          id: from.id,
          state: 'EXPIRED',
          error: message,
          expectedVersion: from.tokenVersion,
        });
        problem = {
          error: AUTHORIZATION_EXPIRED_ERROR,
          ...(marked ? { failure: { serverId, reason: message } } : {}),
        };
      } else {
        problem = { error: `the server's OAuth token could not be refreshed: ${message}` };
      }
      throw new RunAuthorizationError(problem.error, { cause: error });
    }
    remember(tokens);
    const secrets = { ...from.secrets, tokens };
    const stored = await updateServerAuthorizationTokens(db, deps.secretBox, {
      id: from.id,
      expectedVersion: from.tokenVersion,
      secrets,
      now: deps.now(),
    });
    if (stored) current = { ...from, tokenVersion: from.tokenVersion + 1, secrets };
    // Lost the race: the stored tokens win (ours stay valid but are not kept, so only one refresh token lives on).
    else if (!(await adoptNewer(from))) current = { ...from, secrets };
    return current.secrets.tokens.accessToken;
  };

  const source: OAuthTokenSource = {
    current: () =>
      problem
        ? Promise.reject(new RunAuthorizationError(problem.error))
        : Promise.resolve(current.secrets.tokens.accessToken),
    refresh: () => {
      if (problem) return Promise.reject(new RunAuthorizationError(problem.error));
      // One refresh at a time: concurrent 401s of one run share it.
      inflight ??= renewOnce().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
  };

  const expiresAt = current.secrets.tokens.expiresAt;
  if (expiresAt !== undefined && expiresAt - deps.now().getTime() < REFRESH_MARGIN_MS) {
    try {
      await source.refresh();
    } catch (error) {
      const found = problemNow();
      if (found) return { ok: false, ...found };
      throw error;
    }
  }

  return {
    ok: true,
    authorization: {
      wrap: (fetch) =>
        Object.assign(authorize(fetch, source), {
          withGate: (gate: Parameters<SafeFetch['withGate']>[0]) => authorize(fetch.withGate(gate), source),
          close: () => fetch.close(),
        }),
      problem: problemNow,
      secrets: () => [...seen],
    },
  };
}
