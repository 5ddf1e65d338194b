import { listKeys } from '@mcptest/redis';
// Runs of an OAuth-protected server stay authorized (issue 18, docs/oauth.md): a real worker (real Postgres and Redis)
// runs suites against the harness's `correct` MCP server behind a real authorization server (oidc-provider) whose
// access tokens live 4 seconds. The connection is seeded through saveServerAuthorization with tokens the harness's
// independent client obtained (code flow through the AS's login and consent forms; client credentials). After expiry
// runs still pass through refresh (on the server's 401, and ahead of expiry), the new tokens are stored sealed; a
// refresh the AS refuses ends the run `error`, marks the connection expired and delivers `server.authorization_failed`
// to a real receiver; no token is stored in a result, a run, a delivery or Redis.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AUTHORIZATION_EXPIRED_ERROR,
  DEV_ENCRYPTION_KEYS,
  SECRET_VALUE_MARKER,
  SERVER_AUTHORIZATION_FAILED_EVENT,
} from '@mcptest/core';
import {
  createSecretBox,
  loadServerAuthorization,
  saveServerAuthorization,
  secretContext,
  type SaveServerAuthorizationInput,
} from '@mcptest/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { startAuthorizationServer, type AuthorizationServer } from '../../../../test/oauth/authorization-server';
import { authorizationCodeFlow } from '../../../../test/oauth/oauth-client';
import { startProtectedMcpServer, type ProtectedMcpServer } from '../../../../test/oauth/protected-mcp-server';
import { useTestRedis } from '../../../../test/redis';
import { startWebhookReceiver, verifyWith, type WebhookReceiver } from '../../../../test/webhook-receiver';
import {
  queueRun,
  seedSuite,
  startTestWorker,
  waitFor,
  waitForRunEnd,
  type SeededSuite,
} from '../../../../test/worker';
import { readWorkerEnv } from '../env';

const database = useTestDatabase();
const redis = useTestRedis();
const box = createSecretBox(readWorkerEnv({ MCPTEST_ENCRYPTION_KEYS: DEV_ENCRYPTION_KEYS }).MCPTEST_ENCRYPTION_KEYS);
const REDIRECT_URI = 'http://localhost:3000/oauth/callback';
// Long enough that a loaded machine still finds the token valid at its first use, short enough to wait out.
const TTL_SECONDS = 8;
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;

let worker: Awaited<ReturnType<typeof startTestWorker>>;
let as: AuthorizationServer;
let server: ProtectedMcpServer;
let receiver: WebhookReceiver;
let resourceMetadata: Record<string, unknown>;
/** Every token value any test handed out or the worker stored: none may appear in what runs store. */
const tokensSeen = new Set<string>();

beforeAll(async () => {
  as = await startAuthorizationServer({ accessTokenTtlSeconds: TTL_SECONDS, staticClient: { redirectUris: [] } });
  server = await startProtectedMcpServer({ variant: 'correct', authorizationServer: as });
  resourceMetadata = (await (await fetch(server.resourceMetadataUrl)).json()) as Record<string, unknown>;
  receiver = await startWebhookReceiver();
  worker = await startTestWorker(database, redis);
});
afterAll(async () => {
  await worker?.stop();
  await server?.stop();
  await as?.stop();
  await receiver?.close();
});

const SUITE = `
name: oauth
timeout: 15s
assertions:
  - name: whoami
    assert: { tool: whoami, args: {}, expect: { not_error: true, contains: ['"subject"'] } }
  - name: sum
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { contains: ['is 5'] } }
`;

function discovery(): SaveServerAuthorizationInput['secrets']['discovery'] {
  return {
    resource: server.resource,
    resourceMetadataUrl: server.resourceMetadataUrl,
    resourceMetadata,
    issuer: as.issuer,
    authorizationServer: { ...as.metadata },
    authorizationServerMetadataUrl: `${as.issuer}/.well-known/openid-configuration`,
  };
}

/** A user connects the server: dynamic registration of a public client, then the code flow with consent. */
async function connectWithCodeFlow(seeded: SeededSuite, options: { keepExpiry: boolean }) {
  const registered = await as.registerClient({
    redirect_uris: [REDIRECT_URI],
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  });
  const clientId = String(registered['client_id']);
  const { tokens } = await authorizationCodeFlow(
    as,
    { clientId, redirectUri: REDIRECT_URI },
    { resource: server.resource, scope: 'mcp:tools' },
  );
  expect(tokens.refresh_token).toBeTruthy();
  tokensSeen.add(tokens.access_token);
  tokensSeen.add(tokens.refresh_token!);
  await saveServerAuthorization(database.db.tenant(seeded.tenantId), box, {
    serverId: seeded.serverId,
    kind: 'AUTHORIZATION_CODE',
    registrationMethod: 'DYNAMIC',
    clientId,
    now: new Date(),
    secrets: {
      tokens: {
        accessToken: tokens.access_token,
        tokenType: tokens.token_type,
        refreshToken: tokens.refresh_token!,
        // Without the expiry, the worker cannot refresh ahead: the server's 401 is what tells it.
        ...(options.keepExpiry && tokens.expires_in ? { expiresAt: Date.now() + tokens.expires_in * 1000 } : {}),
        ...(tokens.scope ? { scope: tokens.scope } : {}),
      },
      tokenEndpointAuthMethod: 'none',
      discovery: discovery(),
    },
  });
  return tokens;
}

async function connection(seeded: SeededSuite) {
  const loaded = await loadServerAuthorization(database.db.tenant(seeded.tenantId), box, seeded.serverId);
  if (loaded) {
    tokensSeen.add(loaded.secrets.tokens.accessToken);
    if (loaded.secrets.tokens.refreshToken) tokensSeen.add(loaded.secrets.tokens.refreshToken);
  }
  return loaded;
}

async function runOnce(seeded: SeededSuite) {
  const runId = await queueRun(database.db, redis, seeded);
  const run = await waitForRunEnd(database.db, runId);
  // The stored rows themselves (transcripts included), not the API's view of them.
  const results = await database.db.tenant(seeded.tenantId).assertionResult.findMany({ where: { runId } });
  return { run, results };
}

/** Everything a run leaves behind, as text: results (details, transcripts), runs, deliveries, Redis. */
async function storedText(tenantId: string): Promise<string> {
  const tdb = database.db.tenant(tenantId);
  const parts: unknown[] = [
    await tdb.assertionResult.findMany(),
    await tdb.run.findMany(),
    await tdb.webhookDelivery.findMany(),
    await tdb.runOutbox.findMany(),
  ];
  for (const key of await listKeys(redis.redis, `${redis.prefix}:*`)) {
    const type = await redis.redis.type(key);
    parts.push(
      type === 'string'
        ? await redis.redis.get(key)
        : type === 'hash'
          ? await redis.redis.hgetall(key)
          : type === 'stream'
            ? await redis.redis.xrange(key, '-', '+')
            : type === 'list'
              ? await redis.redis.lrange(key, 0, -1)
              : type === 'zset'
                ? await redis.redis.zrange(key, '0', '-1')
                : null,
    );
  }
  return JSON.stringify(parts, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
}

function expectNoToken(text: string) {
  expect(tokensSeen.size).toBeGreaterThan(0);
  for (const token of tokensSeen) expect(text.includes(token), 'a token was stored').toBe(false);
}

describe('runs of an OAuth-protected server', () => {
  it('pass with the stored token, and after it expires pass through refresh (on 401, then ahead of expiry)', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: server.url, yaml: SUITE });
    const issued = await connectWithCodeFlow(seeded, { keepExpiry: false });

    const first = await runOnce(seeded);
    expect(first.run.status, first.run.error ?? '').toBe('PASSED');
    expect(first.results[0]?.transcript).toBeTruthy();
    // The stored token was good: no refresh, nothing written.
    expect(await connection(seeded)).toMatchObject({ tokenVersion: 0, state: 'CONNECTED' });

    await sleep(TTL_SECONDS * 1000 + 500);
    // Expired now: the server refuses it (the run's first request meets 401, the worker refreshes once and retries).
    const second = await runOnce(seeded);
    expect(second.run.status, second.run.error ?? '').toBe('PASSED');
    const refreshed = await connection(seeded);
    expect(refreshed).toMatchObject({ tokenVersion: 1, state: 'CONNECTED' });
    expect(refreshed!.secrets.tokens.accessToken).not.toBe(issued.access_token);
    expect(refreshed!.secrets.tokens.expiresAt).toBeGreaterThan(Date.now() - 5_000);
    const row = await database.db
      .tenant(seeded.tenantId)
      .serverAuthorization.findFirstOrThrow({ where: { serverId: seeded.serverId } });
    expect(row.refreshedAt).not.toBeNull();
    // Sealed with the tenant's context: the bytes hold no token, and only that context opens them.
    const raw = Buffer.from(row.secretsEncrypted).toString('latin1');
    expect(raw).not.toContain(refreshed!.secrets.tokens.accessToken);
    expect(
      JSON.parse(
        box.open(
          { keyId: row.secretsKeyId, data: row.secretsEncrypted },
          secretContext.serverAuthorization(seeded.tenantId),
        ),
      ),
    ).toMatchObject({ tokens: { accessToken: refreshed!.secrets.tokens.accessToken } });

    // The refreshed token's expiry is known and within the margin: the next run refreshes before it starts.
    const third = await runOnce(seeded);
    expect(third.run.status, third.run.error ?? '').toBe('PASSED');
    expect(await connection(seeded)).toMatchObject({ tokenVersion: 2 });

    expectNoToken(await storedText(seeded.tenantId));
  });

  it('client credentials: a new token when the stored one has expired', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: server.url, yaml: SUITE });
    const token = await as.clientCredentialsToken({ resource: server.resource, scope: 'mcp:tools' });
    tokensSeen.add(token.access_token);
    await saveServerAuthorization(database.db.tenant(seeded.tenantId), box, {
      serverId: seeded.serverId,
      kind: 'CLIENT_CREDENTIALS',
      registrationMethod: 'PRE_REGISTERED',
      clientId: as.staticClient!.clientId,
      now: new Date(),
      secrets: {
        tokens: { accessToken: token.access_token, tokenType: token.token_type, scope: 'mcp:tools' },
        clientSecret: as.staticClient!.clientSecret,
        tokenEndpointAuthMethod: 'client_secret_basic',
        discovery: discovery(),
      },
    });
    tokensSeen.add(as.staticClient!.clientSecret);
    await sleep(TTL_SECONDS * 1000 + 500);
    const { run } = await runOnce(seeded);
    expect(run.status, run.error ?? '').toBe('PASSED');
    const stored = await connection(seeded);
    expect(stored).toMatchObject({ tokenVersion: 1, state: 'CONNECTED' });
    expect(stored!.secrets.tokens.accessToken).not.toBe(token.access_token);
    expectNoToken(await storedText(seeded.tenantId));
  });

  it('a refresh the AS refuses ends the run error, marks the connection expired and delivers the webhook once', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: server.url, yaml: SUITE });
    await connectWithCodeFlow(seeded, { keepExpiry: false });
    const tdb = database.db.tenant(seeded.tenantId);
    const sealed = box.seal(WEBHOOK_SECRET, secretContext.webhookSecret(seeded.tenantId));
    await tdb.webhook.create({
      data: {
        tenantId: seeded.tenantId,
        projectId: seeded.projectId,
        url: `${receiver.url}/auth-hooks`,
        events: [SERVER_AUTHORIZATION_FAILED_EVENT, 'run.failed'],
        secretEncrypted: sealed.data,
        secretKeyId: sealed.keyId,
      },
    });
    // The refresh token is revoked: replace it with one the AS never issued (and let the access token expire).
    const stored = (await connection(seeded))!;
    const revoked = 'revoked-refresh-token-0123456789';
    tokensSeen.add(revoked);
    await saveServerAuthorization(tdb, box, {
      serverId: seeded.serverId,
      kind: 'AUTHORIZATION_CODE',
      registrationMethod: 'DYNAMIC',
      clientId: stored.clientId,
      now: new Date(),
      secrets: { ...stored.secrets, tokens: { ...stored.secrets.tokens, refreshToken: revoked } },
    });
    await sleep(TTL_SECONDS * 1000 + 500);

    const { run } = await runOnce(seeded);
    expect(run.status).toBe('ERROR');
    expect(run.error).toMatch(new RegExp(`^${AUTHORIZATION_EXPIRED_ERROR}`));
    const row = await tdb.serverAuthorization.findFirstOrThrow({ where: { serverId: seeded.serverId } });
    expect(row.state).toBe('EXPIRED');
    expect(row.lastError).toBeTruthy();
    expect(row.lastError).not.toContain(revoked);

    await waitFor('the two deliveries', async () => (receiver.on('/auth-hooks').length >= 2 ? true : undefined));
    const bodies = receiver.on('/auth-hooks').map((request) => {
      const verified = verifyWith(WEBHOOK_SECRET, request);
      expect(verified.ok).toBe(true);
      return verified.ok ? (verified.body as { type: string; data: Record<string, unknown> }) : undefined;
    });
    const failed = bodies.find((b) => b?.type === SERVER_AUTHORIZATION_FAILED_EVENT);
    expect(failed?.data).toMatchObject({
      server: { id: seeded.serverId, projectId: seeded.projectId, authorization: { state: 'expired' } },
      run: { id: run.id, status: 'error', error: run.error },
    });

    // The next run does not try the dead refresh token again, and the webhook is not raised a second time.
    const again = await runOnce(seeded);
    expect(again.run.status).toBe('ERROR');
    expect(again.run.error).toBe(AUTHORIZATION_EXPIRED_ERROR);
    await waitFor('the next run.failed delivery', async () =>
      receiver.on('/auth-hooks').length >= 3 ? true : undefined,
    );
    await sleep(300);
    const types = receiver.on('/auth-hooks').map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(types.filter((t) => t === SERVER_AUTHORIZATION_FAILED_EVENT)).toHaveLength(1);
    expectNoToken(await storedText(seeded.tenantId));
  });

  it('a server echoing the bearer token: the stored transcript and detail carry the redaction marker instead', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: server.url, yaml: SUITE });
    const tokens = await connectWithCodeFlow(seeded, { keepExpiry: false });
    // What a server that echoes the Authorization header (in a result, an error) would send back: the token itself.
    const echo = `
name: echo
timeout: 15s
assertions:
  - name: echo the token
    assert: { tool: echo, args: { message: 'Bearer ${tokens.access_token}' }, expect: { contains: ['nothing like this'] } }
`;
    await database.db
      .tenant(seeded.tenantId)
      .suiteVersion.updateMany({ where: { suiteId: seeded.suiteId }, data: { yaml: echo } });
    await database.db.tenant(seeded.tenantId).suite.update({ where: { id: seeded.suiteId }, data: { yaml: echo } });
    const { run, results } = await runOnce(seeded);
    expect(run.status).toBe('FAILED');
    const stored = JSON.stringify(results);
    expect(stored).toContain(SECRET_VALUE_MARKER);
    expectNoToken(await storedText(seeded.tenantId));
  });

  it('step-up: a server asking for a scope the token lacks (403 insufficient_scope) is reported with that scope', async () => {
    const admin = await startProtectedMcpServer({
      variant: 'correct',
      authorizationServer: as,
      scopesSupported: ['mcp:tools', 'mcp:admin'],
      requiredScopes: ['mcp:admin'],
    });
    try {
      const seeded = await seedSuite(database.db, { serverUrl: admin.url, yaml: SUITE });
      const token = await as.clientCredentialsToken({ resource: admin.resource, scope: 'mcp:tools' });
      tokensSeen.add(token.access_token);
      await saveServerAuthorization(database.db.tenant(seeded.tenantId), box, {
        serverId: seeded.serverId,
        kind: 'CLIENT_CREDENTIALS',
        registrationMethod: 'PRE_REGISTERED',
        clientId: as.staticClient!.clientId,
        now: new Date(),
        secrets: {
          tokens: { accessToken: token.access_token, tokenType: token.token_type, scope: 'mcp:tools' },
          clientSecret: as.staticClient!.clientSecret,
          tokenEndpointAuthMethod: 'client_secret_basic',
          discovery: { ...discovery(), resource: admin.resource, resourceMetadataUrl: admin.resourceMetadataUrl },
        },
      });
      const { run, results } = await runOnce(seeded);
      // Every request of the session is refused, initialize first: each assertion fails naming the scope asked for.
      expect(results.map((r) => r.status)).toEqual(['FAIL', 'FAIL']);
      for (const r of results) expect(r.detail).toContain('403 insufficient_scope: it asks for the scope "mcp:admin"');
      expect(run.status).toBe('ERROR');
      expect(run.error).toContain('"mcp:admin"');
      // Not an expiry: the connection stays connected (a user must connect again with the scope, not refresh).
      expect(await connection(seeded)).toMatchObject({ state: 'CONNECTED', tokenVersion: 0 });
    } finally {
      await admin.stop();
    }
  });
});
