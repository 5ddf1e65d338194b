// Discovery and connection tests of an OAuth-connected server keep its token alive as runs do (docs/oauth.md), over
// real Postgres and Redis, a real authorization server (oidc-provider with 4-second access tokens, test/oauth/) and the
// harness's `correct` protected MCP server: connected through the web app's own code flow, the token is let expire,
// then discovery refreshes it ahead of expiry (or on the server's 401 when no expiry is known) and stores the new
// tokens sealed under a newer version; a refresh the AS refuses is a 409 that marks the connection EXPIRED; an AS that
// does not answer leaves it connected; patching headers never turns the token into a static header.
import { setTimeout as sleep } from 'node:timers/promises';
import { createTenant, loadServerAuthorization, saveServerAuthorization } from '@mcptest/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { startAuthorizationServer, type AuthorizationServer } from '../../../../../../test/oauth/authorization-server';
import { startProtectedMcpServer, type ProtectedMcpServer } from '../../../../../../test/oauth/protected-mcp-server';
import { useTestRedis } from '../../../../../../test/redis';
import { ApiError } from '@/server/api/api-error';
import { completeServerConnect } from '@/server/services/server-authorization/complete-server-connect';
import { startServerConnect } from '@/server/services/server-authorization/start-server-connect';
import type { Actor } from '@/server/services/service-deps';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { createServer } from './create-server';
import { discoverServer } from './discover-server';
import { openServerHeaders } from './server-headers';
import { patchServerHeaders } from './patch-server-headers';
import { testServerConnection } from './test-server-connection';

const TTL_SECONDS = 4;
const database = useTestDatabase();
const redis = useTestRedis();
const deps = testServiceDeps(database, redis);
deps.appUrl = 'http://127.0.0.1:9';
let as: AuthorizationServer;
let server: ProtectedMcpServer;
let counter = 0;

beforeAll(async () => {
  as = await startAuthorizationServer({ host: '127.0.0.1', accessTokenTtlSeconds: TTL_SECONDS });
  server = await startProtectedMcpServer({ variant: 'correct', authorizationServer: as });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await as?.stop();
});

/** A tenant's owner registers the protected server and connects it through the web app's code flow. */
async function connected(): Promise<{ actor: Actor; serverId: string }> {
  counter += 1;
  const email = `oauth-session${counter}-${Date.now()}@example.test`;
  const { tenant } = await createTenant(database.db, { name: `OAuth session ${counter}`, ownerEmail: email });
  const user = await database.db.global.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  const actor: Actor = { tenantId: tenant.id, userId: user.id, permission: 'admin' };
  const project = await database.db
    .tenant(tenant.id)
    .project.create({ data: { tenantId: tenant.id, name: 'p', slug: `p-${counter}` } });
  const created = await createServer(deps, actor, project.id, {
    name: 'protected',
    url: server.url,
    transport: 'http',
  });
  const { authorizationUrl } = await startServerConnect(deps, actor, { serverId: created.id });
  const callback = await as.authorize(authorizationUrl);
  expect(await completeServerConnect(deps, user.id, callback.href)).toMatchObject({ ok: true });
  return { actor, serverId: created.id };
}

const load = (actor: Actor, serverId: string) =>
  loadServerAuthorization(database.db.tenant(actor.tenantId), deps.secretBox, serverId);

type Secrets = NonNullable<Awaited<ReturnType<typeof load>>>['secrets'];

/** Stores the connection again as `change` makes its secrets (a new version, as a reconnect would). */
async function restore(actor: Actor, serverId: string, change: (secrets: Secrets) => Secrets) {
  const stored = (await load(actor, serverId))!;
  await saveServerAuthorization(database.db.tenant(actor.tenantId), deps.secretBox, {
    serverId,
    kind: stored.kind,
    registrationMethod: stored.registrationMethod,
    clientId: stored.clientId,
    now: new Date(),
    secrets: change(stored.secrets),
  });
  return (await load(actor, serverId))!;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('discovery and connection tests of an OAuth-connected server', () => {
  it('after the access token expired, discovery refreshes it ahead of use and stores the new tokens', async () => {
    const { actor, serverId } = await connected();
    const before = (await load(actor, serverId))!;
    await sleep(TTL_SECONDS * 1000 + 500);
    const result = await discoverServer(deps, actor, serverId);
    expect(result.tools.map((tool) => tool.name)).toContain('whoami');
    const after = (await load(actor, serverId))!;
    expect(after.state).toBe('CONNECTED');
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect(after.secrets.tokens.accessToken).not.toBe(before.secrets.tokens.accessToken);
    expect(after.secrets.tokens.expiresAt).toBeGreaterThan(Date.now());
    const row = await database.db
      .tenant(actor.tenantId)
      .serverAuthorization.findFirstOrThrow({ where: { serverId }, select: { refreshedAt: true } });
    expect(row.refreshedAt).not.toBeNull();
  }, 60_000);

  it('without a known expiry, the server’s 401 makes the connection test refresh once and retry', async () => {
    const { actor, serverId } = await connected();
    const before = await restore(actor, serverId, (secrets) => {
      const { expiresAt: _dropped, ...tokens } = secrets.tokens;
      return { ...secrets, tokens };
    });
    await sleep(TTL_SECONDS * 1000 + 500);
    const result = await testServerConnection(deps, actor, serverId);
    expect(result.server.name).toBeTruthy();
    const after = (await load(actor, serverId))!;
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect(after.secrets.tokens.accessToken).not.toBe(before.secrets.tokens.accessToken);
  }, 60_000);

  it('a refresh the AS refuses is a 409 authorization_expired and marks the connection EXPIRED', async () => {
    const { actor, serverId } = await connected();
    const revoked = 'revoked-refresh-token-0123456789';
    await restore(actor, serverId, (secrets) => ({ ...secrets, tokens: { ...secrets.tokens, refreshToken: revoked } }));
    await sleep(TTL_SECONDS * 1000 + 500);
    const error = await failure(discoverServer(deps, actor, serverId));
    expect(error.code).toBe('conflict');
    expect(error.details).toMatchObject({ reason: 'authorization_expired' });
    expect(error.message).toBe('discovery failed: authorization expired: reconnect this server');
    const row = await database.db
      .tenant(actor.tenantId)
      .serverAuthorization.findFirstOrThrow({ where: { serverId }, select: { state: true, lastError: true } });
    expect(row.state).toBe('EXPIRED');
    expect(row.lastError).not.toContain(revoked);
    // Expired: the next test says so at once, without trying the dead refresh token.
    const again = await failure(testServerConnection(deps, actor, serverId));
    expect(again.details).toMatchObject({ reason: 'authorization_expired' });
  }, 60_000);

  it('an authorization server that does not answer: 503 authorization_failed, the connection stays connected', async () => {
    const { actor, serverId } = await connected();
    // Expired, and the token endpoint moved to a loopback port nothing listens on (9, discard: closed here).
    await restore(actor, serverId, (secrets) => ({
      ...secrets,
      tokens: { ...secrets.tokens, expiresAt: Date.now() - 1000 },
      discovery: {
        ...secrets.discovery,
        authorizationServer: { ...secrets.discovery.authorizationServer, token_endpoint: 'http://127.0.0.1:9/token' },
      },
    }));
    const error = await failure(testServerConnection(deps, actor, serverId));
    expect(error.code).toBe('unavailable');
    expect(error.details).toMatchObject({ reason: 'authorization_failed' });
    expect(error.message).toMatch(/^connection test failed: the server's OAuth token could not be refreshed: /);
    expect((await load(actor, serverId))?.state).toBe('CONNECTED');
  }, 60_000);

  it('patching the headers of a connected server keeps its token out of the static headers', async () => {
    const { actor, serverId } = await connected();
    const token = (await load(actor, serverId))!.secrets.tokens.accessToken;
    await patchServerHeaders(deps, actor, serverId, { set: { 'X-Team': 'blue' } });
    const row = await database.db.tenant(actor.tenantId).server.findFirstOrThrow({ where: { id: serverId } });
    const headers = openServerHeaders(deps, actor.tenantId, row);
    expect(headers).toEqual({ 'X-Team': 'blue' });
    expect(JSON.stringify(headers)).not.toContain(token);
  }, 60_000);
});
