// The test authorization server (oidc-provider) behaves as the MCP authorization spec's AS must: PKCE S256 required,
// resource-bound JWT access tokens, refresh, client credentials, open DCR; its login and consent forms can be walked.
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthorizationServer, type AuthorizationServer } from './authorization-server';
import { startClientMetadataServer, testCertificate, type ClientMetadataServer } from './client-metadata-server';
import { authorizationCodeFlow, authorizationRequest, discover } from './oauth-client';

const RESOURCE = 'http://127.0.0.1:9/mcp';
const REDIRECT = 'http://127.0.0.1:9/callback';

let as: AuthorizationServer;

beforeAll(async () => {
  as = await startAuthorizationServer({ staticClient: { redirectUris: [REDIRECT] } });
});

afterAll(async () => {
  await as.stop();
});

async function publicClient(): Promise<string> {
  const registered = await as.registerClient({
    client_name: 'harness test client',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  });
  return String(registered['client_id']);
}

describe('discovery', () => {
  it('advertises the endpoints and capabilities an MCP client looks for', async () => {
    const metadata = await discover(as.issuer);
    expect(metadata.issuer).toBe(as.issuer);
    expect(as.issuer).toMatch(/^http:\/\/localhost:\d+$/);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials']),
    );
    expect(metadata.registration_endpoint).toBe(`${as.issuer}/reg`);
    expect(metadata['client_id_metadata_document_supported']).toBe(true);
    expect(metadata.jwks_uri).toBe(as.jwksUri);
  });
});

describe('client credentials', () => {
  it('issues a JWT access token (RFC 9068) whose audience is the requested resource, signed by the published key', async () => {
    const token = await as.clientCredentialsToken({ resource: RESOURCE, scope: 'mcp:tools' });
    expect(token.token_type).toBe('Bearer');
    expect(token.expires_in).toBe(3600);
    const { payload, protectedHeader } = await jwtVerify(token.access_token, createRemoteJWKSet(new URL(as.jwksUri)), {
      issuer: as.issuer,
      audience: RESOURCE,
      typ: 'at+jwt',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload['client_id']).toBe(as.staticClient?.clientId);
    expect(payload['scope']).toBe('mcp:tools');
  });

  it('refuses a wrong client secret', async () => {
    const response = await fetch(`${as.issuer}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${as.staticClient?.clientId ?? ''}:wrong`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', resource: RESOURCE }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('authorization code', () => {
  it('a dynamically registered public client gets a resource-bound access token and a refresh token', async () => {
    const clientId = await publicClient();
    const flow = await authorizationCodeFlow(
      as,
      { clientId, redirectUri: REDIRECT },
      { resource: RESOURCE, scope: 'mcp:tools' },
    );
    expect(flow.tokens.refresh_token).toEqual(expect.any(String));
    const jwks = createRemoteJWKSet(new URL(as.jwksUri));
    const { payload } = await jwtVerify(flow.tokens.access_token, jwks, { issuer: as.issuer, audience: RESOURCE });
    expect(payload.sub).toBe(as.user.accountId);
    expect(payload['client_id']).toBe(clientId);
    expect(payload['scope']).toBe('mcp:tools');

    const refreshed = await flow.refresh(flow.tokens.refresh_token ?? '');
    expect(refreshed.access_token).not.toBe(flow.tokens.access_token);
    const again = await jwtVerify(refreshed.access_token, jwks, { issuer: as.issuer, audience: RESOURCE });
    expect(again.payload.sub).toBe(as.user.accountId);
  });

  it('the static confidential client does the same flow with client_secret_basic', async () => {
    const flow = await authorizationCodeFlow(
      as,
      {
        clientId: as.staticClient?.clientId ?? '',
        clientSecret: as.staticClient?.clientSecret ?? '',
        redirectUri: REDIRECT,
      },
      { resource: RESOURCE, scope: 'mcp:tools mcp:admin' },
    );
    expect(flow.tokens.scope).toBe('mcp:tools mcp:admin');
    expect(flow.tokens.refresh_token).toEqual(expect.any(String));
  });

  it('requires PKCE of every client, a confidential one too: no code challenge comes back as invalid_request', async () => {
    // oidc-provider's default asks PKCE of public clients only; OAuth 2.1 and the MCP spec ask it of all.
    const request = await authorizationRequest(
      await discover(as.issuer),
      { clientId: as.staticClient?.clientId ?? '', redirectUri: REDIRECT },
      { resource: RESOURCE, scope: 'mcp:tools', pkce: false },
    );
    const callback = await as.authorize(request.url);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toContain('requires PKCE');
  });

  it('a wrong password keeps the user on the login form', async () => {
    const clientId = await publicClient();
    const request = await authorizationRequest(
      await discover(as.issuer),
      { clientId, redirectUri: REDIRECT },
      { resource: RESOURCE, scope: 'mcp:tools' },
    );
    await expect(as.authorize(request.url, { password: 'not-it' })).rejects.toThrow('Wrong username or password');
  });

  it('Deny on the consent page sends the client access_denied with its state', async () => {
    const clientId = await publicClient();
    const request = await authorizationRequest(
      await discover(as.issuer),
      { clientId, redirectUri: REDIRECT },
      { resource: RESOURCE, scope: 'mcp:tools' },
    );
    const callback = await as.authorize(request.url, { consent: 'deny' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(request.state);
  });

  it('the login and consent pages are plain HTML forms a browser can fill in', async () => {
    const clientId = await publicClient();
    const request = await authorizationRequest(
      await discover(as.issuer),
      { clientId, redirectUri: REDIRECT },
      { resource: RESOURCE, scope: 'mcp:tools' },
    );
    const first = await fetch(request.url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const interaction = new URL(first.headers.get('location') ?? '', as.issuer);
    expect(interaction.pathname).toMatch(/^\/interaction\/[\w-]+$/);
    const page = await fetch(interaction, { headers: { cookie: cookies(first) } });
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<label>Username <input name="username"');
    expect(html).toContain('<label>Password <input name="password" type="password"');
    expect(html).toContain('<button type="submit">Sign in</button>');
  });
});

describe('forged tokens for the posture check', () => {
  it('each is a JWT the AS key set does not verify, for the stated reason', async () => {
    const jwks = createRemoteJWKSet(new URL(as.jwksUri));
    const options = { issuer: as.issuer, audience: RESOURCE, typ: 'at+jwt' };
    const expired = await as.expiredToken({ resource: RESOURCE });
    await expect(jwtVerify(expired, jwks, options)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });

    const none = as.algNoneToken({ resource: RESOURCE });
    expect(decodeProtectedHeader(none).alg).toBe('none');
    expect(none.endsWith('.')).toBe(true);
    await expect(jwtVerify(none, jwks, options)).rejects.toThrow();

    const unknownKey = await as.unknownKeyToken({ resource: RESOURCE });
    const realKid = decodeProtectedHeader((await as.clientCredentialsToken({ resource: RESOURCE })).access_token).kid;
    expect(decodeProtectedHeader(unknownKey).kid).toBe(realKid);
    await expect(jwtVerify(unknownKey, jwks, options)).rejects.toMatchObject({
      code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    });

    expect(as.garbageToken()).toMatch(/^[\w-]{32}$/);
  });
});

function cookies(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

describe('Client ID Metadata Documents', () => {
  let cimdAs: AuthorizationServer;
  let documents: ClientMetadataServer;
  let mismatched: ClientMetadataServer;

  beforeAll(async () => {
    const certificate = testCertificate();
    cimdAs = await startAuthorizationServer({ clientMetadataCa: certificate.cert });
    const document = (clientId: string): Record<string, unknown> => ({
      client_id: clientId,
      client_name: 'mcptest (CIMD)',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    documents = await startClientMetadataServer(certificate, document);
    mismatched = await startClientMetadataServer(certificate, () => document('https://localhost/someone-else.json'));
  });

  afterAll(async () => {
    await Promise.all([documents.stop(), mismatched.stop()]);
    await cimdAs.stop();
  });

  it('an https client id URL is a client without registration: the AS fetches its document and issues tokens', async () => {
    const flow = await authorizationCodeFlow(
      cimdAs,
      { clientId: documents.clientId, redirectUri: REDIRECT },
      { resource: RESOURCE, scope: 'mcp:tools' },
    );
    expect(documents.fetches()).toBeGreaterThanOrEqual(1);
    const { payload } = await jwtVerify(flow.tokens.access_token, createRemoteJWKSet(new URL(cimdAs.jwksUri)), {
      issuer: cimdAs.issuer,
      audience: RESOURCE,
    });
    expect(payload['client_id']).toBe(documents.clientId);
    expect(flow.tokens.refresh_token).toEqual(expect.any(String));
  });

  it('a document whose client_id is not its own URL is refused', async () => {
    const request = await authorizationRequest(
      await discover(cimdAs.issuer),
      { clientId: mismatched.clientId, redirectUri: REDIRECT },
      { resource: RESOURCE, scope: 'mcp:tools' },
    );
    await expect(cimdAs.authorize(request.url)).rejects.toThrow(
      'invalid_client_metadata: client_id metadata document client_id does not match the expected value',
    );
    expect(mismatched.fetches()).toBeGreaterThanOrEqual(1);
  });
});
