// mcptest's OAuth client against real parts on loopback: oidc-provider (test/oauth/authorization-server.ts), MCP
// servers behind the SDK's bearer auth (test/oauth/protected-mcp-server.ts) and small document servers of our own for
// the metadata a real server would not serve (a wrong issuer, endpoints pointing inward). Every request of the flow
// goes through the SSRF-safe fetch, which the tests count.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthorizationServer, type AuthorizationServer } from '../../../../test/oauth/authorization-server';
import {
  startClientMetadataServer,
  testCertificate,
  type ClientMetadataServer,
} from '../../../../test/oauth/client-metadata-server';
import { startProtectedMcpServer, type ProtectedMcpServer } from '../../../../test/oauth/protected-mcp-server';
import { systemResolver, type HostResolver } from '../net/checked-connector';
import { createSafeFetch, type SafeFetch } from '../net/safe-fetch';
import type { SessionFetch } from '../session/open-session';
import { authorizedFetch } from './authorized-fetch';
import { clientCredentialsToken } from './client-credentials-token';
import { completeAuthorization } from './complete-authorization';
import { discoverOAuth } from './discover-oauth';
import { OAuthFlowError } from './oauth-errors';
import type { OAuthDiscovery } from './oauth-types';
import { refreshOAuthTokens } from './refresh-oauth-tokens';
import { registerOAuthClient } from './register-oauth-client';
import { startAuthorization } from './start-authorization';

const DEV = ['127.0.0.0/8', '::1/128'];
const REDIRECT = 'http://127.0.0.1:9/oauth/callback';
// Long enough that a loaded machine still finds a token valid at its first use; the refresh test waits it out.
const TOKEN_TTL_SECONDS = 6;

/** The AS's issuer is http://localhost:<port> but it listens on 127.0.0.1 only: pin the name there. */
const resolve: HostResolver = (hostname) =>
  hostname === 'localhost' ? Promise.resolve([{ address: '127.0.0.1', family: 4 }]) : systemResolver(hostname);

/** The safe fetch with the tests' loopback allowance, recording every URL it was asked for. */
function countingSafeFetch(allowPrivateNetworks: readonly string[] = DEV): {
  fetch: SessionFetch;
  urls: string[];
  /** Form bodies sent (token and refresh requests), parsed. */
  forms: URLSearchParams[];
  safe: SafeFetch;
} {
  const safe = createSafeFetch({ allowPrivateNetworks, resolve });
  const urls: string[] = [];
  const forms: URLSearchParams[] = [];
  return {
    safe,
    urls,
    forms,
    fetch: (url, init) => {
      urls.push(String(url));
      if (init?.body instanceof URLSearchParams) forms.push(new URLSearchParams(init.body));
      return safe(url, init);
    },
  };
}

/** An http server on 127.0.0.1 answering JSON documents (or redirects) by path, set per test. */
interface DocumentServer {
  origin: string;
  routes: Map<string, { status?: number; json?: unknown; location?: string }>;
  hits: string[];
  stop(): Promise<void>;
}

async function startDocumentServer(): Promise<DocumentServer> {
  const routes: DocumentServer['routes'] = new Map();
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    const route = routes.get(path);
    if (route === undefined) {
      res.writeHead(404).end();
    } else if (route.location !== undefined) {
      res.writeHead(route.status ?? 302, { location: route.location }).end();
    } else {
      res.writeHead(route.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(route.json));
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    routes,
    hits,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** The 401 a client meets first: the server's WWW-Authenticate header. */
async function challengeOf(server: ProtectedMcpServer): Promise<string> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  await response.body?.cancel();
  expect(response.status).toBe(401);
  const header = response.headers.get('www-authenticate');
  expect(header).toEqual(expect.any(String));
  return header!;
}

/** Connects with the MCP SDK through `fetch` and lists the tools: a real authorized MCP exchange. */
async function listTools(url: string, fetch: SessionFetch): Promise<string[]> {
  const client = new Client({ name: 'mcptest-oauth-test', version: '0.0.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch }));
    const { tools } = await client.listTools();
    return tools.map((tool) => tool.name).sort();
  } finally {
    await client.close();
  }
}

async function flowError(promise: Promise<unknown>): Promise<OAuthFlowError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthFlowError);
  return error as OAuthFlowError;
}

let as: AuthorizationServer;
let correct: ProtectedMcpServer;
let wrongResource: ProtectedMcpServer;
let stepUp: ProtectedMcpServer;
let documents: DocumentServer;
let safe: SafeFetch;
let safeFetch: SessionFetch;

beforeAll(async () => {
  as = await startAuthorizationServer({
    staticClient: { redirectUris: [REDIRECT] },
    accessTokenTtlSeconds: TOKEN_TTL_SECONDS,
  });
  [correct, wrongResource, stepUp, documents] = await Promise.all([
    startProtectedMcpServer({ variant: 'correct', authorizationServer: as }),
    startProtectedMcpServer({ variant: 'wrong-resource', authorizationServer: as }),
    startProtectedMcpServer({ variant: 'correct', authorizationServer: as, requiredScopes: ['mcp:admin'] }),
    startDocumentServer(),
  ]);
  ({ safe, fetch: safeFetch } = countingSafeFetch());
});

afterAll(async () => {
  await Promise.all([correct.stop(), wrongResource.stop(), stepUp.stop(), documents.stop(), safe.close()]);
  await as.stop();
});

describe('discoverOAuth', () => {
  it('follows the 401 header to the protected-resource metadata, then the authorization server, all through the safe fetch', async () => {
    const counting = countingSafeFetch();
    const discovery = await discoverOAuth({
      serverUrl: correct.url,
      fetch: counting.fetch,
      wwwAuthenticate: await challengeOf(correct),
    });
    await counting.safe.close();
    expect(discovery).toMatchObject({
      resource: correct.resource,
      resourceMetadataUrl: correct.resourceMetadataUrl,
      issuer: as.issuer,
      scopesSupported: ['mcp:tools'],
    });
    expect(discovery.resourceMetadata['resource']).toBe(correct.resource);
    expect(discovery.authorizationServer['issuer']).toBe(as.issuer);
    expect(discovery.authorizationServer['token_endpoint']).toBe(as.metadata['token_endpoint']);
    // The header's URL, then RFC 8414 metadata first (oidc-provider serves it too), and nothing else.
    expect(counting.urls).toEqual([correct.resourceMetadataUrl, `${as.issuer}/.well-known/oauth-authorization-server`]);
  });

  it('without a header, finds the metadata at the path-aware well-known URI', async () => {
    const discovery = await discoverOAuth({ serverUrl: correct.url, fetch: safeFetch });
    expect(discovery.resourceMetadataUrl).toBe(
      `${new URL(correct.url).origin}/.well-known/oauth-protected-resource/mcp`,
    );
    expect(discovery.issuer).toBe(as.issuer);
  });

  it('takes the challenge scope from the header', async () => {
    const discovery = await discoverOAuth({
      serverUrl: correct.url,
      fetch: safeFetch,
      wwwAuthenticate: `Bearer error="insufficient_scope", scope="mcp:admin", resource_metadata="${correct.resourceMetadataUrl}"`,
    });
    expect(discovery.challengeScope).toBe('mcp:admin');
  });

  it('refuses metadata naming another resource (RFC 9728 §3.3): resource_mismatch', async () => {
    const error = await flowError(
      discoverOAuth({
        serverUrl: wrongResource.url,
        fetch: safeFetch,
        wwwAuthenticate: await challengeOf(wrongResource),
      }),
    );
    expect(error.code).toBe('resource_mismatch');
    expect(error.message).toContain('http://mcp.internal.invalid/mcp');
    expect(error.message).toContain(wrongResource.resourceMetadataUrl);
  });

  it('refuses authorization server metadata naming another issuer (RFC 8414 §3.3): issuer_mismatch', async () => {
    const serverUrl = `${documents.origin}/issuer-mismatch/mcp`;
    const issuer = `${documents.origin}/tenant`;
    documents.routes.set('/.well-known/oauth-protected-resource/issuer-mismatch/mcp', {
      json: { resource: serverUrl, authorization_servers: [issuer] },
    });
    documents.routes.set('/.well-known/oauth-authorization-server/tenant', {
      json: { ...as.metadata, issuer: as.issuer },
    });
    const error = await flowError(discoverOAuth({ serverUrl, fetch: safeFetch }));
    expect(error.code).toBe('issuer_mismatch');
    expect(error.message).toContain(`names the issuer ${as.issuer}, not ${issuer}`);
  });

  it('answers discovery_failed when no metadata is anywhere', async () => {
    const error = await flowError(discoverOAuth({ serverUrl: `${documents.origin}/nothing/mcp`, fetch: safeFetch }));
    expect(error.code).toBe('discovery_failed');
    expect(error.message).toContain('/.well-known/oauth-protected-resource/nothing/mcp');
  });
});

describe('every request of the flow is SSRF-safe', () => {
  /** Private networks are not allowed but the one loopback address the document server is on. */
  const ONLY_DOCUMENTS = ['127.0.0.1/32'];

  it.each([
    // An attacker names https URLs (http is refused before any request unless on loopback).
    ['https://169.254.169.254/', '169.254.169.254'],
    ['https://10.0.0.1/', '10.0.0.1'],
    ['http://localhost:1/', 'localhost'],
    ['http://[::1]:1/', '::1'],
  ])(
    'protected-resource metadata naming the authorization server %s is refused, naming the document and the address',
    async (issuer, address) => {
      const name = `inward-${documents.routes.size}`;
      const serverUrl = `${documents.origin}/${name}/mcp`;
      const documentPath = `/.well-known/oauth-protected-resource/${name}/mcp`;
      documents.routes.set(documentPath, { json: { resource: serverUrl, authorization_servers: [issuer] } });
      const counting = countingSafeFetch(ONLY_DOCUMENTS);
      const error = await flowError(discoverOAuth({ serverUrl, fetch: counting.fetch }));
      await counting.safe.close();
      expect(error.code).toBe('ssrf_refused');
      expect(error.message).toContain(`${documents.origin}${documentPath}`);
      expect(error.message).toContain(address);
    },
  );

  it('a metadata URL that redirects inward is refused at the redirect', async () => {
    documents.routes.set('/redirecting-metadata', {
      status: 302,
      location: 'http://169.254.169.254/latest/meta-data/',
    });
    const counting = countingSafeFetch(ONLY_DOCUMENTS);
    const error = await flowError(
      discoverOAuth({
        serverUrl: `${documents.origin}/redirecting/mcp`,
        fetch: counting.fetch,
        wwwAuthenticate: `Bearer resource_metadata="${documents.origin}/redirecting-metadata"`,
      }),
    );
    await counting.safe.close();
    expect(error.code).toBe('ssrf_refused');
    expect(error.message).toMatch(/redirect from 127\.0\.0\.1:\d+: .*169\.254\.169\.254/);
  });

  describe('authorization server metadata naming a token endpoint inward', () => {
    let discovery: OAuthDiscovery;
    const serverUrl = () => `${documents.origin}/token-inward/mcp`;

    beforeAll(async () => {
      const issuer = `${documents.origin}/inward-as`;
      documents.routes.set('/.well-known/oauth-protected-resource/token-inward/mcp', {
        json: { resource: serverUrl(), authorization_servers: [issuer] },
      });
      documents.routes.set('/.well-known/oauth-authorization-server/inward-as', {
        json: {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: 'http://localhost:9/token',
          code_challenge_methods_supported: ['S256'],
        },
      });
      discovery = await discoverOAuth({ serverUrl: serverUrl(), fetch: safeFetch });
    });

    it('is refused at discovery when the address rules are given', async () => {
      const counting = countingSafeFetch(ONLY_DOCUMENTS);
      const error = await flowError(
        discoverOAuth({ serverUrl: serverUrl(), fetch: counting.fetch, allowPrivateNetworks: ONLY_DOCUMENTS }),
      );
      await counting.safe.close();
      expect(error.code).toBe('ssrf_refused');
      expect(error.message).toContain('token_endpoint http://localhost:9/token');
      expect(error.message).toContain('/.well-known/oauth-authorization-server/inward-as');
    });

    it('is refused by the safe fetch at the token request, naming the endpoint and its metadata', async () => {
      const counting = countingSafeFetch(ONLY_DOCUMENTS);
      const error = await flowError(
        clientCredentialsToken({
          discovery,
          client: {
            clientId: 'c',
            clientSecret: 's',
            method: 'pre_registered',
            tokenEndpointAuthMethod: 'client_secret_basic',
          },
          fetch: counting.fetch,
        }),
      );
      await counting.safe.close();
      expect(error.code).toBe('ssrf_refused');
      expect(error.message).toContain('the token endpoint http://localhost:9/token');
      expect(error.message).toContain(`authorization server metadata of ${documents.origin}/inward-as`);
      expect(error.message).toContain('localhost is loopback');
      expect(counting.urls).toEqual(['http://localhost:9/token']);
    });
  });
});

describe('the authorization-code flow', () => {
  let discovery: OAuthDiscovery;

  beforeAll(async () => {
    discovery = await discoverOAuth({
      serverUrl: correct.url,
      fetch: safeFetch,
      wwwAuthenticate: await challengeOf(correct),
    });
  });

  it('registers dynamically, authorizes with PKCE S256 and resource, calls the server, and refreshes after expiry', async () => {
    const client = await registerOAuthClient({
      discovery,
      fetch: safeFetch,
      redirectUri: REDIRECT,
      clientName: 'mcptest test',
    });
    expect(client).toMatchObject({ method: 'dynamic', tokenEndpointAuthMethod: 'none' });
    expect(client.clientSecret).toBeUndefined();

    const start = await startAuthorization({ discovery, client, redirectUri: REDIRECT });
    const request = new URL(start.authorizationUrl);
    expect(Object.fromEntries(request.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: REDIRECT,
      code_challenge_method: 'S256',
      state: start.state,
      resource: correct.resource,
      scope: 'mcp:tools',
    });

    const callback = await as.authorize(start.authorizationUrl);
    const recorded = countingSafeFetch();
    const tokens = await completeAuthorization({
      discovery,
      client,
      redirectUri: REDIRECT,
      callbackUrl: callback.href,
      state: start.state,
      codeVerifier: start.codeVerifier,
      fetch: recorded.fetch,
    });
    expect(tokens).toMatchObject({
      tokenType: 'bearer',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(tokens.expiresAt).toBeGreaterThan(Date.now());
    expect(tokens.expiresAt).toBeLessThanOrEqual(Date.now() + TOKEN_TTL_SECONDS * 1000);

    // RFC 8707: the resource indicator on the token request as well as the authorization request.
    expect(recorded.forms.map((form) => [form.get('grant_type'), form.get('resource')])).toEqual([
      ['authorization_code', correct.resource],
    ]);

    let current = tokens;
    let refreshes = 0;
    const fetchAuthorized = authorizedFetch(safeFetch, {
      current: () => Promise.resolve(current.accessToken),
      refresh: async () => {
        refreshes += 1;
        current = await refreshOAuthTokens({
          discovery,
          client,
          refreshToken: current.refreshToken!,
          fetch: recorded.fetch,
        });
        return current.accessToken;
      },
    });
    expect(await listTools(correct.url, fetchAuthorized)).toEqual(['echo', 'get-sum', 'whoami']);
    expect(refreshes).toBe(0);

    // The token expires; the next session's first request gets 401, refreshes once and goes through.
    await new Promise((done) => setTimeout(done, TOKEN_TTL_SECONDS * 1000 + 500));
    expect(await listTools(correct.url, fetchAuthorized)).toEqual(['echo', 'get-sum', 'whoami']);
    expect(refreshes).toBe(1);
    expect(current.accessToken).not.toBe(tokens.accessToken);
    await recorded.safe.close();
    expect(recorded.forms.map((form) => [form.get('grant_type'), form.get('resource')])).toEqual([
      ['authorization_code', correct.resource],
      ['refresh_token', correct.resource],
    ]);
  });

  it('refuses a callback whose state is not the session’s', async () => {
    const client = await registerOAuthClient({
      discovery,
      fetch: safeFetch,
      redirectUri: REDIRECT,
      clientName: 'mcptest test',
    });
    const start = await startAuthorization({ discovery, client, redirectUri: REDIRECT });
    const callback = await as.authorize(start.authorizationUrl);
    const error = await flowError(
      completeAuthorization({
        discovery,
        client,
        redirectUri: REDIRECT,
        callbackUrl: callback.href,
        state: 'another-session',
        codeVerifier: start.codeVerifier,
        fetch: safeFetch,
      }),
    );
    expect(error.code).toBe('token_failed');
  });

  it('reports a denied consent as token_failed with access_denied', async () => {
    const client = await registerOAuthClient({
      discovery,
      fetch: safeFetch,
      redirectUri: REDIRECT,
      clientName: 'mcptest test',
    });
    const start = await startAuthorization({ discovery, client, redirectUri: REDIRECT });
    const callback = await as.authorize(start.authorizationUrl, { consent: 'deny' });
    const error = await flowError(
      completeAuthorization({
        discovery,
        client,
        redirectUri: REDIRECT,
        callbackUrl: callback.href,
        state: start.state,
        codeVerifier: start.codeVerifier,
        fetch: safeFetch,
      }),
    );
    expect(error.code).toBe('token_failed');
    expect(error.oauthError).toBe('access_denied');
  });

  it('refuses to start when the authorization server does not advertise PKCE S256', async () => {
    const client = { clientId: 'c', method: 'dynamic', tokenEndpointAuthMethod: 'none' } as const;
    const withoutPkce = {
      ...discovery,
      authorizationServer: { ...discovery.authorizationServer, code_challenge_methods_supported: ['plain'] },
    };
    const error = await flowError(startAuthorization({ discovery: withoutPkce, client, redirectUri: REDIRECT }));
    expect(error.code).toBe('metadata_invalid');
    expect(error.message).toContain('S256');
  });

  it('uses a pre-registered confidential client (client_secret_basic) for the code flow and client credentials', async () => {
    const { clientId, clientSecret } = as.staticClient!;
    const client = await registerOAuthClient({
      discovery,
      fetch: safeFetch,
      redirectUri: REDIRECT,
      clientName: 'ignored',
      clientMetadataUrl: 'https://mcptest.example/oauth/client-metadata.json',
      preRegistered: { clientId, clientSecret },
    });
    expect(client).toEqual({
      clientId,
      clientSecret,
      method: 'pre_registered',
      tokenEndpointAuthMethod: 'client_secret_basic',
    });

    const start = await startAuthorization({ discovery, client, redirectUri: REDIRECT });
    const tokens = await completeAuthorization({
      discovery,
      client,
      redirectUri: REDIRECT,
      callbackUrl: (await as.authorize(start.authorizationUrl)).href,
      state: start.state,
      codeVerifier: start.codeVerifier,
      fetch: safeFetch,
    });
    expect(tokens.refreshToken).toEqual(expect.any(String));

    const machine = await clientCredentialsToken({ discovery, client, scope: 'mcp:tools', fetch: safeFetch });
    expect(machine.refreshToken).toBeUndefined();
    const fetchAuthorized = authorizedFetch(safeFetch, {
      current: () => Promise.resolve(machine.accessToken),
      refresh: () => Promise.reject(new Error('no refresh expected')),
    });
    expect(await listTools(correct.url, fetchAuthorized)).toEqual(['echo', 'get-sum', 'whoami']);

    const wrongSecret = await flowError(
      clientCredentialsToken({ discovery, client: { ...client, clientSecret: 'wrong' }, fetch: safeFetch }),
    );
    expect(wrongSecret.code).toBe('token_failed');
    expect(wrongSecret.oauthError).toBe('invalid_client');
    expect(wrongSecret.message).not.toContain('wrong');
  });

  it('answers refresh_failed for a refresh token the server does not know', async () => {
    const { clientId, clientSecret } = as.staticClient!;
    const error = await flowError(
      refreshOAuthTokens({
        discovery,
        client: { clientId, clientSecret, method: 'pre_registered', tokenEndpointAuthMethod: 'client_secret_basic' },
        refreshToken: 'not-a-refresh-token',
        fetch: safeFetch,
      }),
    );
    expect(error.code).toBe('refresh_failed');
    expect(error.oauthError).toBe('invalid_grant');
  });
});

describe('Client ID Metadata Documents', () => {
  let cimdAs: AuthorizationServer;
  let cimdServer: ProtectedMcpServer;
  let clientDocument: ClientMetadataServer;

  beforeAll(async () => {
    const certificate = testCertificate();
    cimdAs = await startAuthorizationServer({ clientMetadataCa: certificate.cert });
    cimdServer = await startProtectedMcpServer({ variant: 'correct', authorizationServer: cimdAs });
    clientDocument = await startClientMetadataServer(certificate, (clientId) => ({
      client_id: clientId,
      client_name: 'mcptest (CIMD)',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }));
  });

  afterAll(async () => {
    await Promise.all([clientDocument.stop(), cimdServer.stop()]);
    await cimdAs.stop();
  });

  it('uses the document URL as the client id when the server supports it, with no registration request', async () => {
    const counting = countingSafeFetch();
    const discovery = await discoverOAuth({ serverUrl: cimdServer.url, fetch: counting.fetch });
    const before = counting.urls.length;
    const client = await registerOAuthClient({
      discovery,
      fetch: counting.fetch,
      redirectUri: REDIRECT,
      clientName: 'mcptest',
      clientMetadataUrl: clientDocument.clientId,
    });
    expect(client).toEqual({
      clientId: clientDocument.clientId,
      method: 'client_id_metadata_document',
      tokenEndpointAuthMethod: 'none',
    });
    expect(counting.urls.length).toBe(before);

    const start = await startAuthorization({ discovery, client, redirectUri: REDIRECT });
    const tokens = await completeAuthorization({
      discovery,
      client,
      redirectUri: REDIRECT,
      callbackUrl: (await cimdAs.authorize(start.authorizationUrl)).href,
      state: start.state,
      codeVerifier: start.codeVerifier,
      fetch: counting.fetch,
    });
    expect(clientDocument.fetches()).toBeGreaterThanOrEqual(1);
    const fetchAuthorized = authorizedFetch(counting.fetch, {
      current: () => Promise.resolve(tokens.accessToken),
      refresh: () => Promise.reject(new Error('no refresh expected')),
    });
    expect(await listTools(cimdServer.url, fetchAuthorized)).toEqual(['echo', 'get-sum', 'whoami']);
    await counting.safe.close();
  });
});

describe('authorizedFetch', () => {
  it('refreshes once on 401 and retries; a second 401 is answered, not refreshed again', async () => {
    const { access_token } = await as.clientCredentialsToken({ resource: correct.resource, scope: 'mcp:tools' });
    // A holder whose current() does not catch up: every request of the session is still authorized by one refresh.
    const stale = as.garbageToken();
    let refreshes = 0;
    const recovering = authorizedFetch(safeFetch, {
      current: () => Promise.resolve(stale),
      refresh: () => {
        refreshes += 1;
        return Promise.resolve(access_token);
      },
    });
    expect(await listTools(correct.url, recovering)).toEqual(['echo', 'get-sum', 'whoami']);
    expect(refreshes).toBe(1);

    let hopelessRefreshes = 0;
    const hopeless = authorizedFetch(safeFetch, {
      current: () => Promise.resolve(as.garbageToken()),
      refresh: () => {
        hopelessRefreshes += 1;
        return Promise.resolve(as.garbageToken());
      },
    });
    const response = await hopeless(correct.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    await response.body?.cancel();
    expect(response.status).toBe(401);
    expect(hopelessRefreshes).toBe(1);
  });

  it('shares one refresh among requests refused together', async () => {
    const { access_token } = await as.clientCredentialsToken({ resource: correct.resource, scope: 'mcp:tools' });
    const garbage = as.garbageToken();
    let refreshes = 0;
    let current = garbage;
    const fetchAuthorized = authorizedFetch(safeFetch, {
      current: () => Promise.resolve(current),
      refresh: async () => {
        refreshes += 1;
        await new Promise((done) => setTimeout(done, 50));
        current = access_token;
        return access_token;
      },
    });
    const ping = (id: number) =>
      fetchAuthorized(correct.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
        }),
      });
    const responses = await Promise.all([ping(1), ping(2), ping(3)]);
    await Promise.all(responses.map((response) => response.body?.cancel()));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(refreshes).toBe(1);
  });

  it('passes a failed refresh on as the error it is', async () => {
    const failing = authorizedFetch(safeFetch, {
      current: () => Promise.resolve(as.garbageToken()),
      refresh: () => Promise.reject(new OAuthFlowError('refresh_failed', 'authorization expired')),
    });
    const error = await flowError(failing(correct.url, { method: 'POST', body: '{}' }));
    expect(error.code).toBe('refresh_failed');
  });

  it('reports a 403 insufficient_scope with the scope the server asks for', async () => {
    const { access_token } = await as.clientCredentialsToken({ resource: stepUp.resource, scope: 'mcp:tools' });
    const fetchAuthorized = authorizedFetch(safeFetch, {
      current: () => Promise.resolve(access_token),
      refresh: () => Promise.reject(new Error('no refresh expected on 403')),
    });
    const error = await flowError(
      fetchAuthorized(stepUp.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      }),
    );
    expect(error.code).toBe('insufficient_scope');
    expect(error.scope).toBe('mcp:admin');
    expect(error.message).toContain('mcp:admin');
  });
});
