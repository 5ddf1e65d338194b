import { z } from 'zod';
import { sameResource } from './canonical-resource-uri';
import { checkOAuthEndpointUrl } from './oauth-endpoint-url';

/** RFC 9728 §2: the fields mcptest reads of a protected resource's metadata; others pass through. */
export const protectedResourceMetadataSchema = z.looseObject({
  resource: z.string().min(1),
  authorization_servers: z.array(z.string().min(1)).min(1).optional(),
  scopes_supported: z.array(z.string()).optional(),
  bearer_methods_supported: z.array(z.string()).optional(),
});
export type ProtectedResourceMetadata = z.infer<typeof protectedResourceMetadataSchema>;

/** RFC 8414 §2: the fields mcptest reads of an authorization server's metadata; others pass through. */
export const authorizationServerMetadataSchema = z.looseObject({
  issuer: z.string().min(1),
  authorization_endpoint: z.string().min(1).optional(),
  token_endpoint: z.string().min(1).optional(),
  registration_endpoint: z.string().min(1).optional(),
  scopes_supported: z.array(z.string()).optional(),
  response_types_supported: z.array(z.string()).optional(),
  grant_types_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  client_id_metadata_document_supported: z.boolean().optional(),
});
export type AuthorizationServerMetadata = z.infer<typeof authorizationServerMetadataSchema>;

/** Why a metadata document was refused; the codes are those of the OAuth client's `OAuthFlowError`. */
export type MetadataRefusal = {
  ok: false;
  code: 'metadata_invalid' | 'resource_mismatch' | 'issuer_mismatch';
  message: string;
};

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`).join('; ');
}

/**
 * Validates protected-resource metadata fetched from `documentUrl` for the resource `expectedResource` (canonical):
 * its shape, at least one authorization server (an MCP server's metadata must name one), each an acceptable URL,
 * and RFC 9728 §3.3: `resource` is the very resource the client asked about, else the document may be an attacker's
 * (or a misconfigured server's) and its authorization servers must not be used.
 */
export function parseProtectedResourceMetadata(
  body: unknown,
  documentUrl: string,
  expectedResource: string,
): { ok: true; metadata: ProtectedResourceMetadata & { authorization_servers: string[] } } | MetadataRefusal {
  const parsed = protectedResourceMetadataSchema.safeParse(body);
  if (!parsed.success)
    return {
      ok: false,
      code: 'metadata_invalid',
      message: `the protected-resource metadata at ${documentUrl} is invalid: ${describeIssues(parsed.error)}`,
    };
  const metadata = parsed.data;
  if (!sameResource(metadata.resource, expectedResource))
    return {
      ok: false,
      code: 'resource_mismatch',
      message: `the protected-resource metadata at ${documentUrl} names the resource ${metadata.resource}, not ${expectedResource} (RFC 9728 §3.3)`,
    };
  const servers = metadata.authorization_servers;
  if (servers === undefined)
    return {
      ok: false,
      code: 'metadata_invalid',
      message: `the protected-resource metadata at ${documentUrl} names no authorization_servers`,
    };
  for (const server of servers) {
    const check = checkOAuthEndpointUrl(server);
    if (!check.ok)
      return {
        ok: false,
        code: 'metadata_invalid',
        message: `the protected-resource metadata at ${documentUrl} names the authorization server ${check.message}`,
      };
  }
  return { ok: true, metadata: { ...metadata, authorization_servers: servers } };
}

/** The endpoints whose URLs are checked: the ones mcptest sends a user or credentials to. */
const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'registration_endpoint'] as const;

/**
 * Validates authorization-server metadata fetched from `documentUrl` for `expectedIssuer`: its shape, RFC 8414 §3.3
 * (the `issuer` is identical to the issuer the metadata URL was built from, else a server could pass off another's
 * metadata as its own; compared as strings, as the RFC says), a token endpoint, and every endpoint an acceptable URL
 * ({@link checkOAuthEndpointUrl}).
 */
export function parseAuthorizationServerMetadata(
  body: unknown,
  documentUrl: string,
  expectedIssuer: string,
): { ok: true; metadata: AuthorizationServerMetadata & { token_endpoint: string } } | MetadataRefusal {
  const parsed = authorizationServerMetadataSchema.safeParse(body);
  const where = `the authorization server metadata at ${documentUrl}`;
  if (!parsed.success)
    return { ok: false, code: 'metadata_invalid', message: `${where} is invalid: ${describeIssues(parsed.error)}` };
  const metadata = parsed.data;
  if (metadata.issuer !== expectedIssuer)
    return {
      ok: false,
      code: 'issuer_mismatch',
      message: `${where} names the issuer ${metadata.issuer}, not ${expectedIssuer} (RFC 8414 §3.3)`,
    };
  const tokenEndpoint = metadata.token_endpoint;
  if (tokenEndpoint === undefined)
    return { ok: false, code: 'metadata_invalid', message: `${where} has no token_endpoint` };
  for (const name of ENDPOINTS) {
    const value = metadata[name];
    if (value === undefined) continue;
    const check = checkOAuthEndpointUrl(value);
    if (!check.ok) return { ok: false, code: 'metadata_invalid', message: `${where}: ${name} ${check.message}` };
  }
  return { ok: true, metadata: { ...metadata, token_endpoint: tokenEndpoint } };
}
