// The SSRF rules on the OAuth flow's documents (issue 18, item 3): metadata an MCP server (or its authorization
// server) serves may point anywhere, and every URL it names is fetched through the safe fetch with the server's own
// address rules. Real document servers on 127.0.0.1 (the only address admitted); names are pointed inward with an
// injected resolver. A refusal names the document that pointed there and the host, never an address a name
// resolved to (that is the operator's to know).
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverOAuth } from '../oauth/discover-oauth';
import { OAuthFlowError } from '../oauth/oauth-errors';
import { registerOAuthClient } from '../oauth/register-oauth-client';
import { systemResolver, type HostResolver } from './checked-connector';
import { createSafeFetch, type SafeFetch } from './safe-fetch';

/** Private networks not allowed, but for the one loopback address the document server listens on. */
const ONLY_DOCUMENTS = ['127.0.0.1/32'];

const resolve: HostResolver = (hostname) => {
  const table: Record<string, string> = {
    'internal.example': '10.0.0.1',
    'imds.example': '169.254.169.254',
    'loopback6.example': '::1',
  };
  const address = table[hostname];
  if (address === undefined) return systemResolver(hostname);
  return Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 }]);
};

let origin = '';
let server: http.Server;
let safeFetch: SafeFetch;
const documents = new Map<string, unknown>();
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    const body = documents.get(path);
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  safeFetch = createSafeFetch({ allowPrivateNetworks: ONLY_DOCUMENTS, resolve });
});

afterAll(async () => {
  await safeFetch.close();
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

async function refusal(promise: Promise<unknown>): Promise<OAuthFlowError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthFlowError);
  expect(error).toMatchObject({ code: 'ssrf_refused' });
  return error as OAuthFlowError;
}

describe('protected-resource metadata naming an authorization server inward', () => {
  it.each([
    ['https://169.254.169.254/', '169.254.169.254 is a cloud metadata address'],
    ['https://10.0.0.1/', '10.0.0.1 is a private address'],
    ['http://localhost:9/', 'localhost is loopback'],
    ['http://[::1]:9/', '::1 is a loopback address'],
    ['https://internal.example/', 'internal.example resolves to a private address'],
    ['https://imds.example/', 'imds.example resolves to'],
  ])('%s is refused: %s', async (issuer, words) => {
    const name = `case-${documents.size}`;
    const serverUrl = `${origin}/${name}/mcp`;
    const documentPath = `/.well-known/oauth-protected-resource/${name}/mcp`;
    documents.set(documentPath, { resource: serverUrl, authorization_servers: [issuer] });
    const error = await refusal(discoverOAuth({ serverUrl, fetch: safeFetch }));
    expect(error.message).toContain(`the protected-resource metadata at ${origin}${documentPath}`);
    expect(error.message).toContain(`names the authorization server ${issuer}`);
    expect(error.message).toContain(words);
    // The tenant-facing message never says where a name resolved to.
    if (issuer.includes('.example')) expect(error.message).not.toMatch(/10\.0\.0\.1|169\.254/);
  });
});

it('a 401 whose resource_metadata points inward is refused before any request there', async () => {
  const error = await refusal(
    discoverOAuth({
      serverUrl: `${origin}/header/mcp`,
      fetch: safeFetch,
      wwwAuthenticate: 'Bearer resource_metadata="http://169.254.169.254/latest/meta-data/iam"',
    }),
  );
  expect(error.message).toContain('the protected-resource metadata of');
  expect(error.message).toContain('at http://169.254.169.254/latest/meta-data/iam');
  expect(error.message).toContain('169.254.169.254 is a cloud metadata address');
});

it('authorization server metadata naming a registration endpoint inward is refused at registration', async () => {
  const issuer = `${origin}/as-reg`;
  const serverUrl = `${origin}/reg/mcp`;
  documents.set('/.well-known/oauth-protected-resource/reg/mcp', {
    resource: serverUrl,
    authorization_servers: [issuer],
  });
  documents.set('/.well-known/oauth-authorization-server/as-reg', {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: 'https://internal.example/register',
    code_challenge_methods_supported: ['S256'],
  });
  const discovery = await discoverOAuth({ serverUrl, fetch: safeFetch });
  const error = await refusal(
    registerOAuthClient({ discovery, fetch: safeFetch, redirectUri: `${origin}/callback`, clientName: 'mcptest' }),
  );
  expect(error.message).toContain('the registration endpoint https://internal.example/register');
  expect(error.message).toContain(`authorization server metadata of ${issuer}`);
  expect(error.message).toContain('internal.example resolves to a private address');
  expect(hits).not.toContain('/register');
});
