/**
 * Where mcptest is reachable as an OAuth client, all under APP_URL (docs/oauth.md, "Connecting a server in the web
 * app"): the callback the authorization server sends the browser back to, and the Client ID Metadata Document.
 */
export const OAUTH_CALLBACK_PATH = '/oauth/callback';
export const CLIENT_METADATA_PATH = '/oauth/client-metadata.json';
/** The name authorization servers show on their consent pages. */
export const OAUTH_CLIENT_NAME = 'mcptest';

export function oauthCallbackUrl(appUrl: string): string {
  return `${appUrl}${OAUTH_CALLBACK_PATH}`;
}

/**
 * The Client ID Metadata Document's URL, which is also the client id, or undefined when APP_URL is not https: the
 * MCP spec requires an https client id, so a plain-http deployment (local development, the tests) registers
 * dynamically instead.
 */
export function clientMetadataUrl(appUrl: string): string | undefined {
  return appUrl.startsWith('https://') ? `${appUrl}${CLIENT_METADATA_PATH}` : undefined;
}

/** The document served at {@link CLIENT_METADATA_PATH}: a public client (PKCE, no secret) with the one callback. */
export function clientMetadataDocument(appUrl: string): Record<string, unknown> {
  return {
    client_id: `${appUrl}${CLIENT_METADATA_PATH}`,
    client_name: OAUTH_CLIENT_NAME,
    client_uri: appUrl,
    redirect_uris: [oauthCallbackUrl(appUrl)],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}
