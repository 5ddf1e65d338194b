import { parseAuthorizationServerMetadata } from '@mcptest/core';
import * as oauth from 'oauth4webapi';
import type { SessionFetch } from '../session/open-session';
import { OAuthFlowError, type OAuthFlowErrorCode } from './oauth-errors';
import { customFetchOf } from './oauth-request';
import type { OAuthClientRegistration, OAuthServerRef } from './oauth-types';

/**
 * The authorization server as oauth4webapi takes it, from metadata that was discovered (or stored) for `issuer`. It is
 * validated again here, so a refresh from stored metadata meets the same rules as discovery (issuer, endpoints https
 * or loopback http).
 */
export function authorizationServerOf(
  server: Pick<OAuthServerRef, 'issuer' | 'authorizationServer'>,
): oauth.AuthorizationServer {
  const checked = parseAuthorizationServerMetadata(server.authorizationServer, `for ${server.issuer}`, server.issuer);
  if (!checked.ok) throw new OAuthFlowError(checked.code, checked.message);
  return checked.metadata as unknown as oauth.AuthorizationServer;
}

/** The client and its authentication at the token endpoint, as oauth4webapi takes them. */
export function clientOf(
  client: OAuthClientRegistration,
  code: OAuthFlowErrorCode,
): { client: oauth.Client; auth: oauth.ClientAuth } {
  const oauthClient: oauth.Client = { client_id: client.clientId };
  switch (client.tokenEndpointAuthMethod) {
    case 'none':
      return { client: oauthClient, auth: oauth.None() };
    case 'client_secret_basic':
    case 'client_secret_post': {
      if (client.clientSecret === undefined)
        throw new OAuthFlowError(
          code,
          `client ${client.clientId} uses ${client.tokenEndpointAuthMethod} but has no secret`,
        );
      const auth =
        client.tokenEndpointAuthMethod === 'client_secret_basic'
          ? oauth.ClientSecretBasic(client.clientSecret)
          : oauth.ClientSecretPost(client.clientSecret);
      return { client: oauthClient, auth };
    }
    default:
      throw new OAuthFlowError(
        code,
        `client ${client.clientId}: token_endpoint_auth_method ${client.tokenEndpointAuthMethod} is not supported (none, client_secret_basic, client_secret_post)`,
      );
  }
}

/**
 * Options for an oauth4webapi request: our fetch as its fetch, `what` naming the endpoint in errors. Plain http is
 * allowed to the library because our own checks came first (`authorizationServerOf`: https, or http on loopback).
 */
export function requestOptions(
  fetch: SessionFetch,
  what: (url: string) => string,
  code: OAuthFlowErrorCode,
  timeoutMs?: number,
) {
  return {
    [oauth.customFetch]: customFetchOf(fetch, what, code, timeoutMs),
    [oauth.allowInsecureRequests]: true,
  } as const;
}

/**
 * Turns what oauth4webapi throws while processing an endpoint's answer into an {@link OAuthFlowError} with `code`,
 * naming `what` and the OAuth error the endpoint gave (never a token: error bodies carry none). Our own errors (an
 * address refusal among them) pass as they are.
 */
export function flowError(error: unknown, code: OAuthFlowErrorCode, what: string): OAuthFlowError {
  if (error instanceof OAuthFlowError) return error;
  if (error instanceof oauth.ResponseBodyError) {
    const description = error.error_description === undefined ? '' : `: ${error.error_description}`;
    return new OAuthFlowError(code, `${what} answered ${error.status} ${error.error}${description}`, {
      cause: error,
      oauthError: error.error,
    });
  }
  if (error instanceof oauth.AuthorizationResponseError) {
    const description = error.error_description === undefined ? '' : `: ${error.error_description}`;
    return new OAuthFlowError(code, `${what}: ${error.error}${description}`, { cause: error, oauthError: error.error });
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    // A token endpoint refusing the client's authentication answers 401 with a challenge (RFC 6749 §5.2).
    const challenge = error.cause[0];
    const oauthError = challenge?.parameters.error;
    const reason = oauthError ?? challenge?.scheme ?? 'a challenge';
    return new OAuthFlowError(code, `${what} answered ${error.status} with ${reason}`, { cause: error, oauthError });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new OAuthFlowError(code, `${what}: ${message}`, { cause: error });
}

/** Where a request of the flow goes, for error messages: the endpoint and the metadata that named it. */
export function endpointName(name: string, issuer: string): (url: string) => string {
  return (url) => `the ${name} ${url} (named by the authorization server metadata of ${issuer})`;
}
