export { discoverOAuth, type DiscoverOAuthOptions } from './discover-oauth';
export { registerOAuthClient, type RegisterOAuthClientOptions } from './register-oauth-client';
export { startAuthorization, type AuthorizationStart, type StartAuthorizationOptions } from './start-authorization';
export { completeAuthorization, type CompleteAuthorizationOptions } from './complete-authorization';
export { clientCredentialsToken, type ClientCredentialsTokenOptions } from './client-credentials-token';
export { refreshOAuthTokens, type RefreshOAuthTokensOptions } from './refresh-oauth-tokens';
export { authorizedFetch } from './authorized-fetch';
export { OAuthFlowError, type OAuthFlowErrorCode } from './oauth-errors';
export { parseBearerChallenge, type BearerChallenge } from './parse-www-authenticate';
export type {
  OAuthClientRegistration,
  OAuthDiscovery,
  OAuthServerRef,
  OAuthTokenSet,
  OAuthTokenSource,
} from './oauth-types';
export {
  openOAuthConnection,
  OAuthConnectionError,
  OAUTH_REFRESH_MARGIN_MS,
  type OAuthConnection,
  type OAuthConnectionProblem,
  type OpenOAuthConnectionOptions,
  type OpenOAuthConnectionResult,
} from './open-oauth-connection';
