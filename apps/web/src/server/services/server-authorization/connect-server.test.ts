import { listKeys } from '@mcptest/redis';
// The web app's OAuth connect services against a real authorization server (oidc-provider, test/oauth/) and the SDK's
// bearer-protected MCP servers, over real Postgres and Redis: the code flow from Connect to the saved connection, the
// callback's binding to the user who started it, a wrong `resource`, denied consent, client credentials, Disconnect.
import { createTenant } from '@mcptest/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { startAuthorizationServer, type AuthorizationServer } from '../../../../../../test/oauth/authorization-server';
import { startProtectedMcpServer, type ProtectedMcpServer } from '../../../../../../test/oauth/protected-mcp-server';
import { useTestRedis } from '../../../../../../test/redis';
import { ApiError } from '@/server/api/api-error';
import type { Actor } from '@/server/services/service-deps';
import { createServer } from '@/server/services/servers/create-server';
import { getServer } from '@/server/services/servers/get-server';
import { updateServer } from '@/server/services/servers/update-server';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { completeServerConnect } from './complete-server-connect';
import { connectClientCredentials } from './connect-client-credentials';
import { readConnectOutcome } from './connect-outcome';
import { disconnectServer } from './disconnect-server';
import { OAUTH_CALLBACK_PATH } from './oauth-client-urls';
import { startServerConnect } from './start-server-connect';

const database = useTestDatabase();
const redis = useTestRedis();
const deps = testServiceDeps(database, redis);
// Plain http, as in development: mcptest then offers no Client ID Metadata Document (the spec wants an https client
// id) and registers dynamically.
deps.appUrl = 'http://127.0.0.1:9';
let as: AuthorizationServer;
let correct: ProtectedMcpServer;
let wrongResource: ProtectedMcpServer;
let counter = 0;

beforeAll(async () => {
  as = await startAuthorizationServer({ host: '127.0.0.1', staticClient: { redirectUris: [] } });
  [correct, wrongResource] = await Promise.all([
    startProtectedMcpServer({ variant: 'correct', authorizationServer: as }),
    startProtectedMcpServer({ variant: 'wrong-resource', authorizationServer: as }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([correct?.stop(), wrongResource?.stop()]);
  await as?.stop();
});

/** A tenant whose owner acts (a signed-in user), with a project and a server at `url`. */
async function seed(url: string): Promise<{ actor: Actor; serverId: string; userId: string }> {
  counter += 1;
  const email = `connect${counter}-${Date.now()}@example.test`;
  const { tenant } = await createTenant(database.db, { name: `Connect ${counter}`, ownerEmail: email });
  const user = await database.db.global.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  const actor: Actor = { tenantId: tenant.id, userId: user.id, permission: 'admin' };
  const project = await database.db
    .tenant(tenant.id)
    .project.create({ data: { tenantId: tenant.id, name: 'p', slug: `p-${counter}` } });
  const server = await createServer(deps, actor, project.id, { name: 'protected', url, transport: 'http' });
  return { actor, serverId: server.id, userId: user.id };
}

describe('connecting an OAuth server (authorization code)', () => {
  it('Connect sends the browser with PKCE S256, the resource and the scope; only state refers to the flow', async () => {
    const { actor, serverId } = await seed(correct.url);
    const { authorizationUrl } = await startServerConnect(deps, actor, { serverId });
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(as.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(correct.resource);
    expect(url.searchParams.get('scope')).toBe('mcp:tools');
    expect(url.searchParams.get('redirect_uri')).toBe(`${deps.appUrl}${OAUTH_CALLBACK_PATH}`);
    // The flow is kept server-side, sealed: the Redis value holds no verifier in clear, and nothing but its key.
    const keys = await listKeys(redis.redis, `${redis.prefix}:oauth:connect:*`);
    expect(keys).toEqual([`${redis.prefix}:oauth:connect:${url.searchParams.get('state')}`]);
    const stored = (await redis.redis.get(keys[0]!))!;
    expect(stored).not.toContain(url.searchParams.get('client_id')!);
    expect(Number(await redis.redis.ttl(keys[0]!))).toBeGreaterThan(500);
    await redis.redis.del(keys[0]!);
  });

  it('the callback: someone else cannot use the flow (it survives them), its user completes it once, Connected', async () => {
    const { actor, serverId, userId } = await seed(correct.url);
    const other = await seed(correct.url);
    const { authorizationUrl } = await startServerConnect(deps, actor, { serverId });
    const callback = await as.authorize(authorizationUrl);
    // Another signed-in user (another organization) with the same callback URL: nothing.
    expect(await completeServerConnect(deps, other.userId, callback.href)).toBeNull();
    expect(await database.db.tenant(actor.tenantId).serverAuthorization.count()).toBe(0);

    const done = await completeServerConnect(deps, userId, callback.href);
    expect(done).toMatchObject({ serverId, ok: true });
    const outcome = await readConnectOutcome(deps, userId, serverId);
    expect(outcome).toMatchObject({ ok: true, message: `Connected to ${as.issuer} with the scope "mcp:tools".` });
    // Once only.
    expect(await completeServerConnect(deps, userId, callback.href)).toBeNull();

    const server = await getServer(deps, actor, serverId);
    expect(server.authorization).toMatchObject({
      kind: 'authorization_code',
      state: 'connected',
      issuer: as.issuer,
      resource: correct.resource,
      scope: 'mcp:tools',
      registrationMethod: 'dynamic',
    });
    expect(server.authorization?.accessTokenExpiresAt).not.toBeNull();
    const audit = await database.db
      .tenant(actor.tenantId)
      .auditLog.findFirstOrThrow({ where: { action: 'server.connect', targetId: serverId } });
    expect(audit.metadata).toMatchObject({
      kind: 'AUTHORIZATION_CODE',
      issuer: as.issuer,
      registrationMethod: 'dynamic',
    });
    // Nothing secret in the answer or the audit line: the row's sealed blob holds the tokens.
    const row = await database.db.tenant(actor.tenantId).serverAuthorization.findFirstOrThrow({ where: { serverId } });
    const sealed = Buffer.from(row.secretsEncrypted).toString('latin1');
    expect(sealed).not.toMatch(/eyJ/);
    expect(JSON.stringify(server) + JSON.stringify(audit)).not.toMatch(/eyJ/);
  });

  it('denied consent: the server page is told so, nothing is saved', async () => {
    const { actor, serverId, userId } = await seed(correct.url);
    const { authorizationUrl } = await startServerConnect(deps, actor, { serverId });
    const callback = await as.authorize(authorizationUrl, { consent: 'deny' });
    expect(await completeServerConnect(deps, userId, callback.href)).toMatchObject({ serverId, ok: false });
    expect((await readConnectOutcome(deps, userId, serverId))?.message).toMatch(/denied/);
    expect(await database.db.tenant(actor.tenantId).serverAuthorization.count()).toBe(0);
  });

  it('a server whose metadata names another resource is refused at Connect, naming the mismatch', async () => {
    const { actor, serverId } = await seed(wrongResource.url);
    const error = await startServerConnect(deps, actor, { serverId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('bad_request');
    expect((error as ApiError).details).toMatchObject({ reason: 'resource_mismatch' });
    expect((error as ApiError).message).toMatch(/^OAuth connect failed: .*mcp\.internal\.invalid/);
  });

  it("another tenant's server is not found", async () => {
    const mine = await seed(correct.url);
    const theirs = await seed(correct.url);
    const error = await startServerConnect(deps, mine.actor, { serverId: theirs.serverId }).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('not_found');
  });
});

describe('client credentials and Disconnect', () => {
  it('connects with the client id and secret (no browser); a new URL drops it; Disconnect removes it, audited', async () => {
    const { actor, serverId } = await seed(correct.url);
    const result = await connectClientCredentials(deps, actor, {
      serverId,
      clientId: as.staticClient!.clientId,
      clientSecret: as.staticClient!.clientSecret,
      scope: 'mcp:tools',
    });
    expect(result).toEqual({ issuer: as.issuer, scope: 'mcp:tools' });
    const server = await getServer(deps, actor, serverId);
    expect(server.authorization).toMatchObject({
      kind: 'client_credentials',
      state: 'connected',
      clientId: as.staticClient!.clientId,
    });
    expect(JSON.stringify(server)).not.toContain(as.staticClient!.clientSecret);

    const wrong = await connectClientCredentials(deps, actor, {
      serverId,
      clientId: as.staticClient!.clientId,
      clientSecret: 'not-the-secret',
    }).catch((e: unknown) => e);
    expect((wrong as ApiError).code).toBe('bad_request');
    expect((wrong as ApiError).message).not.toContain('not-the-secret');

    // A rename keeps it; a new URL removes it (the tokens are bound to the old one).
    await updateServer(deps, actor, serverId, { name: 'renamed' });
    expect((await getServer(deps, actor, serverId)).authorization).not.toBeNull();
    await updateServer(deps, actor, serverId, { url: `${correct.url}/` });
    expect((await getServer(deps, actor, serverId)).authorization).toBeNull();
    await updateServer(deps, actor, serverId, { url: correct.url });
    await connectClientCredentials(deps, actor, {
      serverId,
      clientId: as.staticClient!.clientId,
      clientSecret: as.staticClient!.clientSecret,
    });

    await disconnectServer(deps, actor, serverId);
    expect((await getServer(deps, actor, serverId)).authorization).toBeNull();
    await database.db
      .tenant(actor.tenantId)
      .auditLog.findFirstOrThrow({ where: { action: 'server.disconnect', targetId: serverId } });
    await expect(disconnectServer(deps, actor, serverId)).rejects.toMatchObject({ code: 'not_found' });
  });
});
