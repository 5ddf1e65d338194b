import type { SessionFetch } from '../session/open-session';
import { OAuthFlowError } from './oauth-errors';
import type { OAuthTokenSource } from './oauth-types';
import { parseBearerChallenge } from './parse-www-authenticate';

function withToken(init: RequestInit | undefined, token: string): RequestInit {
  const headers = new Headers(init?.headers);
  headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/**
 * `fetch` with `Authorization: Bearer <token>` on every request (the MCP spec: in the header, never the query
 * string). A 401 means the token was refused (expired, revoked): the token is refreshed once and that request sent
 * again; a second 401 is answered as it is. Requests refused together share one refresh, and one whose token was
 * already replaced is retried with the new token without refreshing again. A 403 whose challenge is
 * `insufficient_scope` (step-up) throws `OAuthFlowError('insufficient_scope')` carrying the scope the server asked
 * for. A failed refresh throws what `tokens.refresh()` threw (`refresh_failed`). Request bodies are sent twice on a
 * retry, so they must be replayable (strings, as the MCP SDK's are).
 */
export function authorizedFetch(fetch: SessionFetch, tokens: OAuthTokenSource): SessionFetch {
  // The token each refresh replaced, and its replacement: a request refused with a token already replaced (it was in
  // flight during the refresh, or the holder's `current()` has not caught up) uses the replacement rather than
  // refreshing again. Only the last few are kept: an old token is not sent again once the holder has the new one.
  const replacements = new Map<string, string>();
  let refreshing: Promise<string> | undefined;

  const refresh = (refused: string): Promise<string> => {
    const known = replacements.get(refused);
    if (known !== undefined) return Promise.resolve(known);
    refreshing ??= tokens.refresh().then(
      (token) => {
        replacements.set(refused, token);
        if (replacements.size > 8) replacements.delete(replacements.keys().next().value!);
        refreshing = undefined;
        return token;
      },
      (error: unknown) => {
        refreshing = undefined;
        throw error;
      },
    );
    return refreshing;
  };

  const stepUp = async (response: Response, url: string | URL): Promise<void> => {
    if (response.status !== 403) return;
    const header = response.headers.get('www-authenticate');
    const challenge = header === null ? undefined : await parseBearerChallenge(header);
    if (challenge?.error !== 'insufficient_scope') return;
    await response.body?.cancel();
    const target = new URL(url);
    const scope = challenge.scope;
    throw new OAuthFlowError(
      'insufficient_scope',
      `${target.origin}${target.pathname} answered 403 insufficient_scope${scope === undefined ? '' : `: it asks for the scope "${scope}"`}`,
      { scope },
    );
  };

  return async (url, init) => {
    const current = await tokens.current();
    const token = replacements.get(current) ?? current;
    const response = await fetch(url, withToken(init, token));
    if (response.status !== 401) {
      await stepUp(response, url);
      return response;
    }
    await response.body?.cancel();
    const retried = await fetch(url, withToken(init, await refresh(token)));
    await stepUp(retried, url);
    return retried;
  };
}
