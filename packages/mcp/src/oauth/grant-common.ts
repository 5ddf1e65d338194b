import { tokenSetFromResponse, type OAuthTokenSet } from '@mcptest/core';
import type * as oauth from 'oauth4webapi';
import type { SessionFetch } from '../session/open-session';
import type { OAuthClientRegistration, OAuthServerRef } from './oauth-types';

/** What every grant needs: the authorization server, the resource, the client and the fetch. */
export interface GrantOptions {
  readonly discovery: OAuthServerRef;
  readonly client: OAuthClientRegistration;
  readonly fetch: SessionFetch;
  readonly timeoutMs?: number | undefined;
}

/** The token response as mcptest keeps it; oauth4webapi has validated it (token_type bearer, fields' types). */
export function toTokenSet(response: oauth.TokenEndpointResponse, previousRefreshToken?: string): OAuthTokenSet {
  return tokenSetFromResponse(
    {
      access_token: response.access_token,
      token_type: response.token_type,
      ...(response.expires_in === undefined ? {} : { expires_in: response.expires_in }),
      ...(response.refresh_token === undefined ? {} : { refresh_token: response.refresh_token }),
      ...(response.scope === undefined ? {} : { scope: response.scope }),
    },
    Date.now(),
    previousRefreshToken,
  );
}
