/** The client authentication methods mcptest can use at a token endpoint (RFC 7591 §2 names). */
export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

/**
 * How mcptest authenticates at the token endpoint. A client without a secret is public (`none`; PKCE protects its
 * code). With a secret: `client_secret_basic` when the server supports it or lists nothing (RFC 8414 §2: the default
 * is `client_secret_basic`), else `client_secret_post` when listed; undefined when the server supports neither, which
 * mcptest cannot do (private_key_jwt and mTLS need a key the user would have to register).
 */
export function chooseTokenEndpointAuthMethod(
  supported: readonly string[] | undefined,
  hasSecret: boolean,
): TokenEndpointAuthMethod | undefined {
  if (!hasSecret) return 'none';
  if (supported === undefined || supported.includes('client_secret_basic')) return 'client_secret_basic';
  if (supported.includes('client_secret_post')) return 'client_secret_post';
  return undefined;
}
