import { type OAuthTokenSet } from '@mcptest/core';
import * as oauth from 'oauth4webapi';
import { toTokenSet, type GrantOptions } from './grant-common';
import { authorizationServerOf, clientOf, endpointName, flowError, requestOptions } from './oauth4webapi-objects';

export interface CompleteAuthorizationOptions extends GrantOptions {
  readonly redirectUri: string;
  /** The URL the browser came back to (with `code` and `state`, or `error`). */
  readonly callbackUrl: string;
  /** The `state` {@link startAuthorization} made, as bound to the user's session. */
  readonly state: string;
  readonly codeVerifier: string;
}

/**
 * Finishes the authorization-code flow: the callback is checked (its `state` must be the session's, an `error` is
 * reported, `iss` checked when the server says it sends one, RFC 9207), then the code is exchanged at the token
 * endpoint with the PKCE verifier and the `resource` indicator, through the safe fetch.
 */
export async function completeAuthorization(options: CompleteAuthorizationOptions): Promise<OAuthTokenSet> {
  const as = authorizationServerOf(options.discovery);
  const { client, auth } = clientOf(options.client, 'token_failed');
  let parameters: URLSearchParams;
  try {
    parameters = oauth.validateAuthResponse(as, client, new URL(options.callbackUrl), options.state);
  } catch (error) {
    throw flowError(error, 'token_failed', `the authorization response of ${options.discovery.issuer}`);
  }
  const what = endpointName('token endpoint', options.discovery.issuer);
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      parameters,
      options.redirectUri,
      options.codeVerifier,
      {
        additionalParameters: { resource: options.discovery.resource },
        ...requestOptions(options.fetch, what, 'token_failed', options.timeoutMs),
      },
    );
    return toTokenSet(await oauth.processAuthorizationCodeResponse(as, client, response));
  } catch (error) {
    throw flowError(error, 'token_failed', what(String(as.token_endpoint)));
  }
}
