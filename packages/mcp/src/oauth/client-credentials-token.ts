import { type OAuthTokenSet } from '@mcptest/core';
import * as oauth from 'oauth4webapi';
import { toTokenSet, type GrantOptions } from './grant-common';
import { authorizationServerOf, clientOf, endpointName, flowError, requestOptions } from './oauth4webapi-objects';

export interface ClientCredentialsTokenOptions extends GrantOptions {
  /** Default: the AS's default scope (the parameter is left out). */
  readonly scope?: string | undefined;
}

/** The client-credentials grant (machine-to-machine servers), with the `resource` indicator, through the safe fetch. */
export async function clientCredentialsToken(options: ClientCredentialsTokenOptions): Promise<OAuthTokenSet> {
  const as = authorizationServerOf(options.discovery);
  const { client, auth } = clientOf(options.client, 'token_failed');
  const what = endpointName('token endpoint', options.discovery.issuer);
  try {
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      auth,
      {
        resource: options.discovery.resource,
        ...(options.scope === undefined ? {} : { scope: options.scope }),
      },
      requestOptions(options.fetch, what, 'token_failed', options.timeoutMs),
    );
    return toTokenSet(await oauth.processClientCredentialsResponse(as, client, response));
  } catch (error) {
    throw flowError(error, 'token_failed', what(String(as.token_endpoint)));
  }
}
