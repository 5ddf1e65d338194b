import { z } from 'zod';

/**
 * What `ServerAuthorization.secretsEncrypted` holds once opened: everything a worker needs to send a bearer token and
 * to get a new one without a user (docs/oauth.md, "What is stored and how runs stay authorized"). Validated on every
 * open, so a blob written by an older version or by hand fails with a reason instead of half-working.
 *
 * The discovery part is not secret, but it lives here rather than in columns because a refresh needs all of it at
 * once (the token endpoint is in the AS metadata) and nothing queries it.
 */
export const ServerAuthorizationSecrets = z.object({
  /** The tokens (shape of `OAuthTokenSet` in @mcptest/mcp; expiresAt in epoch milliseconds). */
  tokens: z.object({
    accessToken: z.string().min(1),
    tokenType: z.string().min(1),
    refreshToken: z.string().min(1).optional(),
    expiresAt: z.number().int().optional(),
    scope: z.string().optional(),
  }),
  /** The client's secret for a confidential client (pre-registered, DCR or client credentials); absent: public. */
  clientSecret: z.string().min(1).optional(),
  /** How the client authenticates at the token endpoint (RFC 7591 `token_endpoint_auth_method`). */
  tokenEndpointAuthMethod: z.string().min(1),
  /** The discovery (shape of `OAuthDiscovery` in @mcptest/mcp) the tokens were obtained with. */
  discovery: z.object({
    resource: z.string().min(1),
    resourceMetadataUrl: z.string().min(1),
    resourceMetadata: z.record(z.string(), z.unknown()),
    issuer: z.string().min(1),
    authorizationServer: z.record(z.string(), z.unknown()),
    authorizationServerMetadataUrl: z.string().min(1),
    scopesSupported: z.array(z.string()).optional(),
    challengeScope: z.string().optional(),
  }),
});
export type ServerAuthorizationSecrets = z.infer<typeof ServerAuthorizationSecrets>;
