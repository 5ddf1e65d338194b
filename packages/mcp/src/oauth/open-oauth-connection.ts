import {
  AUTHORIZATION_EXPIRED_ERROR,
  tokenNeedsRefresh,
  type OAuthConnectionStore,
  type OAuthTokenSet,
  type StoredOAuthConnection,
} from '@mcptest/core';
import type { FetchLike, SafeFetch } from '../net/safe-fetch';
import { authorizedFetch } from './authorized-fetch';
import { clientCredentialsToken } from './client-credentials-token';
import { OAuthFlowError } from './oauth-errors';
import type { OAuthTokenSource } from './oauth-types';
import { refreshOAuthTokens } from './refresh-oauth-tokens';

/**
 * A token expiring within this margin is replaced before anything is sent: a run's first requests (or a discovery's
 * handshake) should not all meet a 401. The refresh-on-401 path stays for tokens revoked early or clocks that disagree.
 */
export const OAUTH_REFRESH_MARGIN_MS = 60_000;

/** Why a connection's tokens cannot be used. */
export interface OAuthConnectionProblem {
  /** For the run's error or the API's answer: names no token. */
  error: string;
  /**
   * Present only when this holder marked the connection EXPIRED (the authorization server refused to renew it), with
   * why: whoever raises `server.authorization_failed` raises it on this transition, once, not once per attempt.
   */
  expired?: { reason: string };
}

/** A connection opened for one run, check or discovery: the fetch that sends its token, and what became of it. */
export interface OAuthConnection {
  /** `fetch` with the bearer token added and a 401 answered by one refresh and one retry (`authorizedFetch`). */
  authorize(fetch: FetchLike): FetchLike;
  /** {@link authorize} over a safe fetch, keeping `withGate` (each gated fetch authorized too) and `close`. */
  wrap(fetch: SafeFetch): SafeFetch;
  /** Set once a renewal failed: later requests are refused with it (the connection is not tried again). */
  problem(): OAuthConnectionProblem | undefined;
  /** Every token held (access and refresh, before and after renewals), for redacting what is stored or shown. */
  secrets(): string[];
}

export type OpenOAuthConnectionResult =
  { ok: true; connection: OAuthConnection | undefined } | ({ ok: false } & OAuthConnectionProblem);

/** Thrown into requests once the connection could not be renewed; the message is the problem's `error`. */
export class OAuthConnectionError extends Error {
  override readonly name = 'OAuthConnectionError';
}

export interface OpenOAuthConnectionOptions<C extends StoredOAuthConnection> {
  /** Where the connection is kept (packages/db's `serverAuthorizationStore` in the worker and the web app). */
  store: OAuthConnectionStore<C>;
  /** For the token requests (refresh, client credentials): the SSRF-safe fetch with the server's address rules. */
  fetch: FetchLike;
  now: () => Date;
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

/**
 * Opens a server's OAuth connection for use, the one home of keeping it alive (runs and monitor checks in the worker,
 * discovery and connection tests in the web app): a token expiring within {@link OAUTH_REFRESH_MARGIN_MS} is renewed
 * first (refresh grant; client credentials: a new token), and a 401 is answered by one renewal and one retry.
 * Tokens obtained are stored at once (sealed, by the store), guarded by the connection's version, so two holders
 * renewing together store one result and the loser adopts it; a renewal that fails because another holder's rotation
 * made our refresh token stale adopts the newer tokens too. A renewal the authorization server refuses marks the
 * connection EXPIRED (`expired` set when this holder made that transition) and fails with
 * `AUTHORIZATION_EXPIRED_ERROR`; one that could not be tried (network, SSRF refusal) fails with the reason and leaves
 * the connection as it is. A connection already not connected fails at once, without trying its dead refresh token.
 */
export async function openOAuthConnection<C extends StoredOAuthConnection>(
  options: OpenOAuthConnectionOptions<C>,
): Promise<OpenOAuthConnectionResult> {
  const { store } = options;
  let loaded: C | null;
  try {
    loaded = await store.load();
  } catch (error) {
    // The message names the key id or the failure, never the secret.
    return { ok: false, error: `the server's OAuth connection cannot be decrypted: ${(error as Error).message}` };
  }
  if (!loaded) return { ok: true, connection: undefined };
  // Expired earlier: whoever expired it said so then; trying the dead refresh token again would only hit the AS.
  if (!loaded.connected) return { ok: false, error: AUTHORIZATION_EXPIRED_ERROR };

  let current: C = loaded;
  const seen = new Set<string>();
  const remember = (tokens: OAuthTokenSet) => {
    seen.add(tokens.accessToken);
    if (tokens.refreshToken) seen.add(tokens.refreshToken);
  };
  remember(current.tokens);
  let problem: OAuthConnectionProblem | undefined;
  // Read through a function: the closures below set it, which TypeScript's narrowing of the variable does not see.
  const problemNow = (): OAuthConnectionProblem | undefined => problem;
  let inflight: Promise<string> | undefined;

  const obtain = (from: C): Promise<OAuthTokenSet> => {
    if (from.kind === 'client_credentials') {
      const scope = from.tokens.scope ?? from.server.challengeScope;
      return clientCredentialsToken({
        discovery: from.server,
        client: from.client,
        ...(scope === undefined ? {} : { scope }),
        fetch: options.fetch,
      });
    }
    const refreshToken = from.tokens.refreshToken;
    if (refreshToken === undefined) {
      return Promise.reject(new OAuthFlowError('refresh_failed', 'the connection has no refresh token'));
    }
    return refreshOAuthTokens({ discovery: from.server, client: from.client, refreshToken, fetch: options.fetch });
  };

  /** Another holder (or a reconnect) stored newer tokens than the ones we started from: use those. */
  const adoptNewer = async (from: C): Promise<boolean> => {
    const reloaded = await store.load();
    if (!reloaded?.connected || reloaded.version === from.version) return false;
    current = reloaded;
    remember(reloaded.tokens);
    return true;
  };

  const renewOnce = async (): Promise<string> => {
    const from = current;
    let tokens: OAuthTokenSet;
    try {
      tokens = await obtain(from);
    } catch (error) {
      // With refresh-token rotation, a holder that renewed first made ours invalid: its tokens are good.
      if (await adoptNewer(from)) return current.tokens.accessToken;
      const message = error instanceof Error ? error.message : String(error);
      // Refused: the token endpoint answered no (or there is nothing to renew with). A request that got no answer
      // (the AS down, a timeout, the tenant's allowance used up) proves nothing about the grant: keep it for next time.
      const refused =
        error instanceof OAuthFlowError &&
        (error.code === 'refresh_failed' || error.code === 'token_failed') &&
        error.unanswered !== true;
      if (refused) {
        const marked = await store.markExpired(from, message);
        problem = { error: AUTHORIZATION_EXPIRED_ERROR, ...(marked ? { expired: { reason: message } } : {}) };
      } else {
        problem = { error: `the server's OAuth token could not be refreshed: ${message}` };
      }
      throw new OAuthConnectionError(problem.error, { cause: error });
    }
    remember(tokens);
    const renewed: C = { ...from, tokens };
    if (await store.saveTokens(from, tokens)) current = { ...renewed, version: from.version + 1 };
    // Lost the race: the stored tokens win (ours stay valid but are not kept, so only one refresh token lives on).
    else if (!(await adoptNewer(from))) current = renewed;
    return current.tokens.accessToken;
  };

  const source: OAuthTokenSource = {
    current: () =>
      problem ? Promise.reject(new OAuthConnectionError(problem.error)) : Promise.resolve(current.tokens.accessToken),
    refresh: () => {
      if (problem) return Promise.reject(new OAuthConnectionError(problem.error));
      // One renewal at a time: concurrent 401s share it.
      inflight ??= renewOnce().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
  };

  if (tokenNeedsRefresh(current.tokens, options.now().getTime(), OAUTH_REFRESH_MARGIN_MS)) {
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
    connection: {
      authorize: (fetch) => authorize(fetch, source),
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
