import { chooseClientRegistration, chooseTokenEndpointAuthMethod } from '@mcptest/core';
import * as oauth from 'oauth4webapi';
import type { SessionFetch } from '../session/open-session';
import { authorizationServerOf, endpointName, flowError, requestOptions } from './oauth4webapi-objects';
import { OAuthFlowError } from './oauth-errors';
import type { OAuthClientRegistration, OAuthServerRef } from './oauth-types';

export interface RegisterOAuthClientOptions {
  readonly discovery: Pick<OAuthServerRef, 'issuer' | 'authorizationServer'>;
  readonly fetch: SessionFetch;
  /** mcptest's callback under APP_URL. */
  readonly redirectUri: string;
  /** Shown by the authorization server on its consent page. */
  readonly clientName: string;
  /** The URL of mcptest's Client ID Metadata Document under APP_URL, when it serves one. */
  readonly clientMetadataUrl?: string | undefined;
  /** A client the user registered with the authorization server by hand. */
  readonly preRegistered?: { readonly clientId: string; readonly clientSecret?: string | undefined } | undefined;
  readonly timeoutMs?: number | undefined;
}

/**
 * Registers mcptest with the authorization server in the MCP spec's order of preference
 * ({@link chooseClientRegistration}): the pre-registered client the user gave; else the Client ID Metadata Document
 * (the client id is its URL, and the authorization server fetches it: nothing is sent now); else dynamic client
 * registration (RFC 7591) of a public client (PKCE, no secret) for the authorization-code grant, through the safe
 * fetch. A secret the server issues anyway is kept, with the authentication method it assigned.
 */
export async function registerOAuthClient(options: RegisterOAuthClientOptions): Promise<OAuthClientRegistration> {
  const as = authorizationServerOf(options.discovery);
  const choice = chooseClientRegistration({
    preRegistered: options.preRegistered !== undefined,
    clientMetadataUrl: options.clientMetadataUrl,
    authorizationServer: as,
  });
  switch (choice.method) {
    case 'pre_registered': {
      const { clientId, clientSecret } = options.preRegistered!;
      const method = chooseTokenEndpointAuthMethod(
        as.token_endpoint_auth_methods_supported,
        clientSecret !== undefined,
      );
      if (method === undefined)
        throw new OAuthFlowError(
          'registration_failed',
          `the authorization server ${options.discovery.issuer} supports neither client_secret_basic nor client_secret_post for client ${clientId}`,
        );
      return {
        clientId,
        ...(clientSecret === undefined ? {} : { clientSecret }),
        method: 'pre_registered',
        tokenEndpointAuthMethod: method,
      };
    }
    case 'client_id_metadata_document':
      return { clientId: choice.clientId, method: 'client_id_metadata_document', tokenEndpointAuthMethod: 'none' };
    case 'dynamic': {
      const what = endpointName('registration endpoint', options.discovery.issuer);
      let registered: oauth.OmitSymbolProperties<oauth.Client>;
      try {
        const response = await oauth.dynamicClientRegistrationRequest(
          as,
          {
            client_name: options.clientName,
            redirect_uris: [options.redirectUri],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'none',
          },
          requestOptions(options.fetch, what, 'registration_failed', options.timeoutMs),
        );
        registered = await oauth.processDynamicClientRegistrationResponse(response);
      } catch (error) {
        throw flowError(error, 'registration_failed', what(choice.registrationEndpoint));
      }
      const secret = typeof registered.client_secret === 'string' ? registered.client_secret : undefined;
      const method =
        typeof registered.token_endpoint_auth_method === 'string'
          ? registered.token_endpoint_auth_method
          : secret === undefined
            ? 'none'
            : 'client_secret_basic';
      return {
        clientId: registered.client_id,
        ...(secret === undefined ? {} : { clientSecret: secret }),
        method: 'dynamic',
        tokenEndpointAuthMethod: method,
      };
    }
    case 'none':
      throw new OAuthFlowError('registration_failed', `${options.discovery.issuer}: ${choice.reason}`);
  }
}
