import * as oauth from 'oauth4webapi';
import { customFetchOf } from '../oauth/oauth-request';
import type { OAuthDiscovery } from '../oauth/oauth-types';
import type { SessionFetch } from '../session';

/** Client credentials for the client-credentials grant at the server's authorization server. */
export interface PostureCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The other resource to ask a token for; default {@link DEFAULT_OTHER_RESOURCE}. */
  readonly resource?: string | undefined;
  /** Default: the protected resource's `scopes_supported`. */
  readonly scope?: string | undefined;
}

/** A resource no MCP server is: a token for it must be refused everywhere. */
export const DEFAULT_OTHER_RESOURCE = 'https://other-resource.mcptest.invalid/mcp';

export type ObtainedToken =
  { readonly ok: true; readonly token: string } | { readonly ok: false; readonly reason: string };

export interface PostureTokens {
  /** A real token for another resource (the audience finding), or why none. */
  readonly other: ObtainedToken;
  /** A real token for this server (sent in the query string), or why none. */
  readonly own?: ObtainedToken;
}

/**
 * Real access tokens from the server's own authorization server, found by the OAuth client's discovery (metadata
 * validated, every request through the SSRF-safe fetch), with the client-credentials grant (oauth4webapi): one issued
 * for another resource (RFC 8707 `resource`), which the server must refuse, and one for the server itself. A refusal is
 * the reason the findings that needed the token are SKIPPED, never a throw.
 */
export async function obtainPostureTokens(options: {
  discovery: OAuthDiscovery;
  fetch: SessionFetch;
  credentials: PostureCredentials;
  timeoutMs?: number;
}): Promise<PostureTokens> {
  const { credentials, discovery } = options;
  // discoverOAuth has checked the issuer and that every endpoint is https (or http on loopback), so oauth4webapi's
  // own https rule may be relaxed for the loopback case without admitting anything else.
  const as = discovery.authorizationServer as unknown as oauth.AuthorizationServer;
  const client: oauth.Client = { client_id: credentials.clientId };
  const scope = credentials.scope ?? discovery.scopesSupported?.join(' ');
  const token = async (resource: string): Promise<ObtainedToken> => {
    try {
      const response = await oauth.clientCredentialsGrantRequest(
        as,
        client,
        oauth.ClientSecretBasic(credentials.clientSecret),
        new URLSearchParams({ resource, ...(scope === undefined || scope === '' ? {} : { scope }) }),
        {
          [oauth.allowInsecureRequests]: true,
          [oauth.customFetch]: customFetchOf(
            options.fetch,
            (url) => `the token endpoint ${url}`,
            'token_failed',
            options.timeoutMs,
          ),
        },
      );
      const result = await oauth.processClientCredentialsResponse(as, client, response);
      return { ok: true, token: result.access_token };
    } catch (error) {
      return {
        ok: false,
        reason: `the authorization server ${discovery.issuer} issued no token for ${resource} to client ${credentials.clientId}: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  };
  return {
    other: await token(credentials.resource ?? DEFAULT_OTHER_RESOURCE),
    own: await token(discovery.resource),
  };
}
