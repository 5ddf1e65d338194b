export type { OAuthClientRegistration, OAuthTokenSet } from '@mcptest/core';

/** What discovery found for one MCP server: its protected-resource metadata and its authorization server's. */
export interface OAuthDiscovery {
  /** The server's canonical URI (RFC 8707), the `resource` sent on authorization, token and refresh requests. */
  resource: string;
  /** Where the protected-resource metadata was found (the 401's `resource_metadata` or a well-known URL). */
  resourceMetadataUrl: string;
  /** The protected-resource metadata (RFC 9728), as served; its `resource` equals {@link resource}. */
  resourceMetadata: Record<string, unknown>;
  /** The authorization server's issuer identifier, the first the protected-resource metadata names. */
  issuer: string;
  /** The authorization server's metadata (RFC 8414 or OpenID discovery), as served; its `issuer` equals {@link issuer}. */
  authorizationServer: Record<string, unknown>;
  /** Where the authorization server metadata was found. */
  authorizationServerMetadataUrl: string;
  /** The protected resource's `scopes_supported`, when it lists them. */
  scopesSupported?: string[];
  /** The `scope` of the 401's `WWW-Authenticate: Bearer` challenge, when it names one. */
  challengeScope?: string;
}

/** The authorization server and resource a refresh needs: a whole discovery, or what of it was stored. */
export type OAuthServerRef = Pick<OAuthDiscovery, 'issuer' | 'authorizationServer' | 'resource'>;

/** Where a token comes from and how to get a new one, for {@link authorizedFetch}. */
export interface OAuthTokenSource {
  /** The access token to send now (refreshed ahead of its expiry by whoever keeps it). */
  current(): Promise<string>;
  /** A new access token after the server refused the current one; throws (`refresh_failed`) when none can be had. */
  refresh(): Promise<string>;
}
