import type { OAuthTokenSet } from './oauth-token-set';

/** How mcptest is known to an authorization server. */
export interface OAuthClientRegistration {
  clientId: string;
  /** A confidential client's secret (pre-registered or issued by dynamic registration); write-only for users. */
  clientSecret?: string;
  method: 'pre_registered' | 'client_id_metadata_document' | 'dynamic';
  /** RFC 7591 `token_endpoint_auth_method`: `none`, `client_secret_basic` or `client_secret_post`. */
  tokenEndpointAuthMethod: string;
}

/**
 * A server's OAuth connection as its keeper hands it to whoever sends its tokens (`openOAuthConnection` in
 * @mcptest/mcp): opened, at the version it was read. Declared here, with no I/O, so that the keeper (packages/db,
 * which may not import @mcptest/mcp) and the user (packages/mcp) agree on one shape.
 */
export interface StoredOAuthConnection {
  /** `authorization_code`: renewed with the refresh token; `client_credentials`: a new token is asked for. */
  kind: 'authorization_code' | 'client_credentials';
  /** False once expired (or in error): nothing is sent or tried with it until a user connects the server again. */
  connected: boolean;
  /** Bumped by every token update: tokens are stored, and the connection marked, only over the version read. */
  version: number;
  client: OAuthClientRegistration;
  /** What a refresh needs of the discovery the tokens came from (the token endpoint is in `authorizationServer`). */
  server: {
    issuer: string;
    authorizationServer: Record<string, unknown>;
    resource: string;
    /** The scope a new client-credentials token asks for when the stored tokens name none. */
    challengeScope?: string;
  };
  tokens: OAuthTokenSet;
}

/**
 * Where a connection is kept. `C` is the keeper's own record (it may carry more than {@link StoredOAuthConnection},
 * e.g. the row id and the sealed blob's other fields): what `load` answered is handed back to `saveTokens` and
 * `markExpired` as it was.
 */
export interface OAuthConnectionStore<C extends StoredOAuthConnection = StoredOAuthConnection> {
  /** The connection now, or null when the server has none. Throws when it cannot be opened (a retired key). */
  load(): Promise<C | null>;
  /** Stores tokens obtained from `from` (sealed); false when someone stored other tokens since (then reload). */
  saveTokens(from: C, tokens: OAuthTokenSet): Promise<boolean>;
  /** Marks it expired: the authorization server refused to renew `from`'s tokens. False when it changed since. */
  markExpired(from: C, reason: string): Promise<boolean>;
}
