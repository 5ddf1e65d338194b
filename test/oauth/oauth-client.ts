// The client side of the harness's OAuth flows, as an independent, spec-strict implementation (oauth4webapi) does
// them: discovery, authorization code with PKCE S256 and a resource indicator, the refresh grant. Tests use it to
// prove the harness's authorization server and MCP servers are what a real client meets; it is no part of mcptest.
import * as oauth from 'oauth4webapi';
import type { AuthorizationServer as TestAuthorizationServer } from './authorization-server';

export interface OAuthClientOptions {
  /** client_id (from registration or the static client). */
  readonly clientId: string;
  /** Absent: a public client (token_endpoint_auth_method none). */
  readonly clientSecret?: string;
  readonly redirectUri: string;
}

export interface CodeFlowResult {
  readonly tokens: oauth.TokenEndpointResponse;
  /** The refresh grant with the same client and resource. */
  refresh(refreshToken: string): Promise<oauth.TokenEndpointResponse>;
}

/** Only ever used against the loopback http servers of the tests. */
const INSECURE = { [oauth.allowInsecureRequests]: true } as const;

export async function discover(issuer: string): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  return oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { algorithm: 'oidc', ...INSECURE }));
}

/** Builds an authorization URL (PKCE S256, state, resource, scope); `pkce: false` leaves the challenge out. */
export async function authorizationRequest(
  as: oauth.AuthorizationServer,
  client: OAuthClientOptions,
  params: { readonly resource: string; readonly scope: string; readonly pkce?: boolean },
): Promise<{ url: URL; state: string; codeVerifier: string }> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  if (as.authorization_endpoint === undefined) throw new Error('the AS has no authorization endpoint');
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', client.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', params.scope);
  url.searchParams.set('resource', params.resource);
  url.searchParams.set('state', state);
  if (params.pkce !== false) {
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return { url, state, codeVerifier };
}

/**
 * The whole authorization-code flow against the test AS: the user's part through `authorize()` (its login and
 * consent forms), the code exchanged with the verifier and the resource, as the MCP spec asks of a client.
 */
export async function authorizationCodeFlow(
  testAs: TestAuthorizationServer,
  client: OAuthClientOptions,
  params: { readonly resource: string; readonly scope: string },
): Promise<CodeFlowResult> {
  const as = await discover(testAs.issuer);
  const oauthClient: oauth.Client = { client_id: client.clientId };
  const auth = client.clientSecret === undefined ? oauth.None() : oauth.ClientSecretBasic(client.clientSecret);
  const request = await authorizationRequest(as, client, params);
  const callback = await testAs.authorize(request.url);
  const callbackParams = oauth.validateAuthResponse(as, oauthClient, callback, request.state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    oauthClient,
    await oauth.authorizationCodeGrantRequest(
      as,
      oauthClient,
      auth,
      callbackParams,
      client.redirectUri,
      request.codeVerifier,
      {
        additionalParameters: { resource: params.resource },
        ...INSECURE,
      },
    ),
  );
  return {
    tokens,
    refresh: async (refreshToken) =>
      oauth.processRefreshTokenResponse(
        as,
        oauthClient,
        await oauth.refreshTokenGrantRequest(as, oauthClient, auth, refreshToken, {
          additionalParameters: { resource: params.resource },
          ...INSECURE,
        }),
      ),
  };
}
