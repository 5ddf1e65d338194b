import { clientCredentialsToken } from '../oauth/client-credentials-token';
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
 * validated, every request through the SSRF-safe fetch), with the OAuth client's client-credentials grant: one issued
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
  const scope = credentials.scope ?? discovery.scopesSupported?.join(' ');
  const token = async (resource: string): Promise<ObtainedToken> => {
    try {
      // The OAuth client's grant, with the resource swapped: the token is asked for as mcptest asks for its own.
      const tokens = await clientCredentialsToken({
        discovery: { ...discovery, resource },
        client: {
          clientId: credentials.clientId,
          clientSecret: credentials.clientSecret,
          method: 'pre_registered',
          tokenEndpointAuthMethod: 'client_secret_basic',
        },
        fetch: options.fetch,
        ...(scope === undefined || scope === '' ? {} : { scope }),
        timeoutMs: options.timeoutMs,
      });
      return { ok: true, token: tokens.accessToken };
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
