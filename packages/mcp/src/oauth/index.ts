export { discoverOAuth, type DiscoverOAuthOptions } from './discover-oauth';
export { OAuthFlowError, type OAuthFlowErrorCode } from './oauth-errors';
export { parseBearerChallenge, type BearerChallenge } from './parse-www-authenticate';
export type {
  OAuthClientRegistration,
  OAuthDiscovery,
  OAuthServerRef,
  OAuthTokenSet,
  OAuthTokenSource,
} from './oauth-types';
