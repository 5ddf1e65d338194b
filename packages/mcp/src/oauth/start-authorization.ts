import { selectOAuthScope } from '@mcptest/core';
import * as oauth from 'oauth4webapi';
import { authorizationServerOf } from './oauth4webapi-objects';
import { OAuthFlowError } from './oauth-errors';
import type { OAuthClientRegistration, OAuthDiscovery } from './oauth-types';

export interface StartAuthorizationOptions {
  readonly discovery: Pick<
    OAuthDiscovery,
    'issuer' | 'authorizationServer' | 'resource' | 'scopesSupported' | 'challengeScope'
  >;
  readonly client: OAuthClientRegistration;
  readonly redirectUri: string;
  /** Default: the MCP spec's scope selection ({@link selectOAuthScope}). */
  readonly scope?: string | undefined;
}

export interface AuthorizationStart {
  /** Where to send the user's browser. */
  authorizationUrl: string;
  /** Bind it to the user's session and compare it on the callback (CSRF). */
  state: string;
  /** Secret: keep it server-side until the callback, then give it to {@link completeAuthorization}. */
  codeVerifier: string;
}

/**
 * Builds the authorization request of the authorization-code flow (OAuth 2.1 as the MCP spec asks it): PKCE S256
 * (the authorization server must advertise it, else the flow is refused, as the spec tells clients to), a random
 * `state`, the `resource` indicator (RFC 8707) naming the MCP server, and the scope. No request is sent: the user's
 * browser goes to the URL.
 */
export async function startAuthorization(options: StartAuthorizationOptions): Promise<AuthorizationStart> {
  const as = authorizationServerOf(options.discovery);
  if (as.authorization_endpoint === undefined)
    throw new OAuthFlowError(
      'metadata_invalid',
      `the authorization server ${options.discovery.issuer} has no authorization_endpoint`,
    );
  if (!(as.code_challenge_methods_supported ?? []).includes('S256'))
    throw new OAuthFlowError(
      'metadata_invalid',
      `the authorization server ${options.discovery.issuer} does not advertise PKCE S256 (code_challenge_methods_supported), which the MCP spec requires`,
    );
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', options.client.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  url.searchParams.set('resource', options.discovery.resource);
  const scope = options.scope ?? selectOAuthScope(options.discovery);
  if (scope !== undefined) url.searchParams.set('scope', scope);
  return { authorizationUrl: url.href, state, codeVerifier };
}
