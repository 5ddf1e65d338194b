// The three protected MCP servers against the real authorization server: the correct one refuses every bad token the
// auth-posture check will send (401 invalid_token with its metadata URL), the permissive one accepts them all, the
// wrong-resource one advertises another resource. mcptest's own session client (openSession) calls their tools with
// the tokens the AS issues, through a refresh after expiry.
import { isSessionError, openSession, type McpSession } from '@mcptest/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthorizationServer, type AuthorizationServer } from './authorization-server';
import { authorizationCodeFlow } from './oauth-client';
import { startProtectedMcpServer, type ProtectedMcpServer, type ProtectedServerVariant } from './protected-mcp-server';

const REDIRECT = 'http://127.0.0.1:9/callback';
// Long enough that a token is still valid when a loaded machine first uses it; the refresh test waits it out.
const ACCESS_TOKEN_TTL_SECONDS = 8;

let as: AuthorizationServer;
let correct: ProtectedMcpServer;
let permissive: ProtectedMcpServer;
let wrongResource: ProtectedMcpServer;

beforeAll(async () => {
  as = await startAuthorizationServer({
    staticClient: { redirectUris: [REDIRECT] },
    accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
  });
  const start = (variant: ProtectedServerVariant): Promise<ProtectedMcpServer> =>
    startProtectedMcpServer({ variant, authorizationServer: as, scopesSupported: as.scopes });
  [correct, permissive, wrongResource] = await Promise.all([
    start('correct'),
    start('permissive'),
    start('wrong-resource'),
  ]);
});

afterAll(async () => {
  await Promise.all([correct.stop(), permissive.stop(), wrongResource.stop()]);
  await as.stop();
});

/** One raw 2025-era tools/list POST, as the posture check sends it: the status and challenge are what count. */
async function toolsList(url: string, authorization?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...(authorization === undefined ? {} : { authorization }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}

async function withSession<T>(url: string, token: string, body: (session: McpSession) => Promise<T>): Promise<T> {
  const session = await openSession({ transport: 'http', url, headers: { Authorization: `Bearer ${token}` } });
  try {
    return await body(session);
  } finally {
    await session.close();
  }
}

function textOf(result: { content?: unknown }): string {
  const [first] = (result.content ?? []) as { type: string; text?: string }[];
  return first?.text ?? '';
}

/** `key="value"` pairs of a Bearer challenge. */
function challenge(response: Response): Record<string, string> {
  const header = response.headers.get('www-authenticate') ?? '';
  expect(header).toMatch(/^Bearer /);
  return Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map(([, key = '', value = '']) => [key, value]));
}

describe('without a token', () => {
  it.each(['correct', 'permissive', 'wrong-resource'] as const)(
    '%s: 401 with a Bearer challenge naming its resource metadata',
    async (variant) => {
      const server = { correct, permissive, 'wrong-resource': wrongResource }[variant];
      const response = await toolsList(server.url);
      expect(response.status).toBe(401);
      expect(challenge(response)).toMatchObject({ resource_metadata: server.resourceMetadataUrl });
      expect(server.resourceMetadataUrl).toBe(
        `http://127.0.0.1:${server.port}/.well-known/oauth-protected-resource/mcp`,
      );
    },
  );
});

describe('protected resource metadata (RFC 9728)', () => {
  it('the correct server names itself as resource, its AS and its scopes', async () => {
    const metadata = (await (await fetch(correct.resourceMetadataUrl)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      resource: correct.url,
      authorization_servers: [as.issuer],
      scopes_supported: ['mcp:tools', 'mcp:admin'],
    });
  });

  it('the wrong-resource server names another resource at its well-known path', async () => {
    const metadata = (await (await fetch(wrongResource.resourceMetadataUrl)).json()) as Record<string, unknown>;
    expect(metadata['resource']).toBe('http://mcp.internal.invalid/mcp');
    expect(metadata['resource']).not.toBe(wrongResource.url);
    expect(metadata['authorization_servers']).toEqual([as.issuer]);
  });
});

describe('a valid token', () => {
  it('a client-credentials token for the server calls its tools through mcptest’s session', async () => {
    const token = await as.clientCredentialsToken({ resource: correct.resource, scope: 'mcp:tools' });
    const said = await withSession(correct.url, token.access_token, async (session) => {
      const tools = await session.listTools();
      expect(tools.tools.map((tool) => tool.name).sort()).toEqual(['echo', 'get-sum', 'whoami']);
      expect(textOf((await session.callTool('echo', { message: 'hi' })).result)).toBe('Echo: hi');
      return JSON.parse(textOf((await session.callTool('whoami', {})).result)) as Record<string, unknown>;
    });
    expect(said).toMatchObject({ clientId: as.staticClient?.clientId, scopes: ['mcp:tools'] });
  });

  it('the wrong-resource server accepts a token for its real URI (only its metadata is wrong)', async () => {
    const token = await as.clientCredentialsToken({ resource: wrongResource.url });
    expect((await toolsList(wrongResource.url, `Bearer ${token.access_token}`)).status).toBe(200);
  });

  it('a token without a required scope gets 403 insufficient_scope naming the scope (step-up)', async () => {
    const admin = await startProtectedMcpServer({
      variant: 'correct',
      authorizationServer: as,
      requiredScopes: ['mcp:admin'],
    });
    try {
      const narrow = await as.clientCredentialsToken({ resource: admin.resource, scope: 'mcp:tools' });
      const refused = await toolsList(admin.url, `Bearer ${narrow.access_token}`);
      expect(refused.status).toBe(403);
      expect(challenge(refused)).toMatchObject({ error: 'insufficient_scope', scope: 'mcp:admin' });
      const wide = await as.clientCredentialsToken({ resource: admin.resource, scope: 'mcp:tools mcp:admin' });
      expect((await toolsList(admin.url, `Bearer ${wide.access_token}`)).status).toBe(200);
    } finally {
      await admin.stop();
    }
  });
});

describe('bad tokens', () => {
  const badTokens: readonly (readonly [string, (resource: string) => Promise<string> | string])[] = [
    ['garbage', () => as.garbageToken()],
    ['expired JWT', (resource) => as.expiredToken({ resource })],
    ['alg none JWT', (resource) => as.algNoneToken({ resource })],
    ['JWT signed by an unknown key', (resource) => as.unknownKeyToken({ resource })],
    [
      'token issued for another resource',
      async () => (await as.clientCredentialsToken({ resource: 'http://127.0.0.1:9/other-mcp' })).access_token,
    ],
  ];

  it.each(badTokens)('%s: the correct server answers 401 invalid_token', async (_name, mint) => {
    const response = await toolsList(correct.url, `Bearer ${await mint(correct.resource)}`);
    expect(response.status).toBe(401);
    expect(challenge(response)).toMatchObject({
      error: 'invalid_token',
      resource_metadata: correct.resourceMetadataUrl,
    });
    expect(await response.json()).toMatchObject({ error: 'invalid_token' });
  });

  it.each(badTokens)('%s: the wrong-resource server refuses it too', async (_name, mint) => {
    const response = await toolsList(wrongResource.url, `Bearer ${await mint(wrongResource.resource)}`);
    expect(response.status).toBe(401);
  });

  it.each(badTokens)('%s: the permissive server accepts it and lists its tools', async (_name, mint) => {
    const token = await mint(permissive.resource);
    const names = await withSession(permissive.url, token, async (session) =>
      (await session.listTools()).tools.map((tool) => tool.name),
    );
    expect(names).toContain('echo');
  });

  it('a real token in the query string: the correct server refuses it (400 invalid_request), the permissive serves it', async () => {
    const good = await as.clientCredentialsToken({ resource: correct.resource });
    const refused = await toolsList(`${correct.url}?access_token=${good.access_token}`);
    expect(refused.status).toBe(400);
    expect(challenge(refused)).toMatchObject({
      error: 'invalid_request',
      resource_metadata: correct.resourceMetadataUrl,
    });
    // Even alongside a valid header: a token in the URL ends up in logs.
    expect(
      (await toolsList(`${correct.url}?access_token=${good.access_token}`, `Bearer ${good.access_token}`)).status,
    ).toBe(400);
    expect((await toolsList(`${permissive.url}?access_token=${as.garbageToken()}`)).status).toBe(200);
  });

  it('a refused session says so through mcptest’s session client, and no tool ran', async () => {
    const before = correct.toolCalls().length;
    const error = await openSession({
      transport: 'http',
      url: correct.url,
      headers: { Authorization: `Bearer ${await as.expiredToken({ resource: correct.resource })}` },
    }).catch((e: unknown) => e);
    expect(isSessionError(error, 'connect_failed')).toBe(true);
    expect(String((error as Error).message)).toContain('401');
    expect(correct.toolCalls().length).toBe(before);
  });
});

describe('authorization code with refresh', () => {
  it('a user-consented token calls a tool; after it expires it is refused, and the refreshed one calls again', async () => {
    const registered = await as.registerClient({
      client_name: 'refresh test',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
    });
    const flow = await authorizationCodeFlow(
      as,
      { clientId: String(registered['client_id']), redirectUri: REDIRECT },
      { resource: correct.resource, scope: 'mcp:tools' },
    );
    expect(flow.tokens.expires_in).toBe(ACCESS_TOKEN_TTL_SECONDS);
    const whoami = async (token: string): Promise<Record<string, unknown>> =>
      withSession(
        correct.url,
        token,
        async (session) => JSON.parse(textOf((await session.callTool('whoami', {})).result)) as Record<string, unknown>,
      );
    expect(await whoami(flow.tokens.access_token)).toMatchObject({ subject: as.user.accountId });

    // The JWT's exp is whole seconds: past it by a margin, the server must refuse the token.
    await new Promise((resolve) => setTimeout(resolve, (ACCESS_TOKEN_TTL_SECONDS + 1.2) * 1000));
    const expired = await toolsList(correct.url, `Bearer ${flow.tokens.access_token}`);
    expect(expired.status).toBe(401);
    expect(challenge(expired)).toMatchObject({ error: 'invalid_token' });
    expect(await expired.json()).toMatchObject({ error_description: '"exp" claim timestamp check failed' });

    const refreshed = await flow.refresh(flow.tokens.refresh_token ?? '');
    expect(await whoami(refreshed.access_token)).toMatchObject({
      subject: as.user.accountId,
      clientId: registered['client_id'],
      scopes: ['mcp:tools'],
    });
  });
});
