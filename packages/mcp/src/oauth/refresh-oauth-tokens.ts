import { type OAuthTokenSet } from '@mcptest/core';
import * as oauth from 'oauth4webapi';
import { toTokenSet, type GrantOptions } from './grant-common';
import { authorizationServerOf, clientOf, endpointName, flowError, requestOptions } from './oauth4webapi-objects';

export interface RefreshOAuthTokensOptions extends GrantOptions {
  readonly refreshToken: string;
}

/**
 * The refresh grant with the same `resource` (RFC 8707 §2.2), through the safe fetch. A refused refresh is
 * `refresh_failed`: the grant is gone and the user must reconnect. The old refresh token is kept when the server
 * issues no new one.
 */
export async function refreshOAuthTokens(options: RefreshOAuthTokensOptions): Promise<OAuthTokenSet> {
  const as = authorizationServerOf(options.discovery);
  const { client, auth } = clientOf(options.client, 'refresh_failed');
  const what = endpointName('token endpoint', options.discovery.issuer);
  try {
    const response = await oauth.refreshTokenGrantRequest(as, client, auth, options.refreshToken, {
      additionalParameters: { resource: options.discovery.resource },
      ...requestOptions(options.fetch, what, 'refresh_failed', options.timeoutMs),
    });
    return toTokenSet(await oauth.processRefreshTokenResponse(as, client, response), options.refreshToken);
  } catch (error) {
    throw flowError(error, 'refresh_failed', what(String(as.token_endpoint)));
  }
}
