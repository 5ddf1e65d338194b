import { z } from 'zod';

/** How long a started connect flow waits for its callback. */
export const PENDING_CONNECT_TTL_SECONDS = 600;

/**
 * A connect flow between Connect and the callback, kept server-side (Redis, sealed to the tenant and the user who
 * started it, `PENDING_CONNECT_TTL_SECONDS`): only `state` travels in the URL. Holds the PKCE verifier and possibly a
 * pre-registered client's secret, hence sealed.
 */
export const PendingConnect = z.object({
  tenantId: z.string().min(1),
  userId: z.string().min(1),
  serverId: z.string().min(1),
  state: z.string().min(1),
  codeVerifier: z.string().min(1),
  redirectUri: z.string().min(1),
  client: z.object({
    clientId: z.string().min(1),
    clientSecret: z.string().min(1).optional(),
    method: z.enum(['pre_registered', 'client_id_metadata_document', 'dynamic']),
    tokenEndpointAuthMethod: z.string().min(1),
  }),
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
export type PendingConnect = z.infer<typeof PendingConnect>;

/** The Redis keys: the flow by its state (the index names only the tenant and user, in plain). */
export const pendingConnectKey = (prefix: string, state: string) => `${prefix}:oauth:connect:${state}`;
