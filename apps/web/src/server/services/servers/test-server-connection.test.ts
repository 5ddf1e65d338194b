// The connection test: the handshake only, nothing stored, failures named like discovery's.
import { describe, expect, it } from 'vitest';
import { createPolitenessGate, tenantDailyRequestsKey } from '@mcptest/redis';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { createServer } from './create-server';
import { seedProject, useMockServer } from './server-test-helpers';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { testServerConnection } from './test-server-connection';

const MOCK = `
mock_server:
  name: handshake
  version: '3.1.4'
  instructions: Try the echo tool.
  tools:
    - name: echo
      description: Echo the text back
      inputSchema: { type: object, properties: { text: { type: string } } }
      response: { content: [ { type: text, text: "{{args.text}}" } ] }
`;

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useMockServer(MOCK);

describe('testServerConnection', () => {
  const deps = testServiceDeps(database, redis);

  it("reports the server's identity, protocol, transport and capabilities, and stores nothing", async () => {
    const { actor, projectId } = await seedProject(database.db);
    const server = await createServer(deps, actor, projectId, { name: 'S', url: mock.url, transport: 'auto' });
    const result = await testServerConnection(deps, actor, server.id);
    expect(result).toMatchObject({
      serverId: server.id,
      server: { name: 'handshake', version: '3.1.4', transport: 'http' },
      instructions: 'Try the echo tool.',
    });
    expect(result.server.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result.capabilities).toContain('tools');
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const row = await database.db.tenant(actor.tenantId).server.findFirst({ where: { id: server.id } });
    expect(row).toMatchObject({ discovery: null, discoveredAt: null });
  });

  it('names the failure: unreachable (503 with the reason) and refused by the network rules (400 with the rule)', async () => {
    const { actor, projectId } = await seedProject(database.db);
    const down = await createServer(deps, actor, projectId, {
      name: 'D',
      url: 'http://127.0.0.1:1/mcp',
      transport: 'http',
    });
    const unavailable = await testServerConnection(deps, actor, down.id).catch((e: unknown) => e);
    expect(unavailable).toMatchObject({ code: 'unavailable', details: { reason: 'connect_failed' } });
    expect((unavailable as Error).message).toMatch(/^connection test failed: .*127\.0\.0\.1:1/);

    // A row that got in without the registration check (an older row, a changed allow-list).
    const sneaked = await database.db.tenant(actor.tenantId).server.create({
      data: { tenantId: actor.tenantId, projectId, name: 'P', url: 'http://10.0.0.1/mcp', transport: 'HTTP' },
    });
    const refused = await testServerConnection(deps, actor, sneaked.id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'SsrfRefusedError', rule: 'private_address' });

    const other = await seedProject(database.db);
    await expect(testServerConnection(deps, other.actor, down.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('testServerConnection, as outbound requests of the tenant', () => {
  const deps = testServiceDeps(database, redis, { politeness: { maxInFlightPerHost: 1, maxWaitMs: 200 } });

  it("takes every request from the tenant's daily request allowance, and refuses with 429 once it is used", async () => {
    const { actor, projectId } = await seedProject(database.db);
    // daily_call_budget 1 allows 10 HTTP requests a day; a connection test sends a few (initialize, notification...).
    await database.db.global.tenant.update({
      where: { id: actor.tenantId },
      data: { execPolicy: { daily_call_budget: 1 } },
    });
    const server = await createServer(deps, actor, projectId, { name: 'S', url: mock.url, transport: 'http' });
    const outcomes: unknown[] = [];
    for (let i = 0; i < 6; i += 1) {
      outcomes.push(
        await testServerConnection(deps, actor, server.id).then(
          () => 'ok',
          (e: unknown) => e,
        ),
      );
    }
    expect(outcomes[0]).toBe('ok');
    expect(outcomes.at(-1)).toMatchObject({
      code: 'quota_exceeded',
      message: expect.stringContaining("request budget exhausted: the tenant's daily limit of 10 HTTP requests"),
    });
    const day = new Date().toISOString().slice(0, 10);
    expect(Number(await redis.redis.get(tenantDailyRequestsKey(redis.prefix, actor.tenantId, day)))).toBe(10);
  });

  it("waits for the server address's politeness slot like a run would, and fails with the reason when none frees", async () => {
    const { actor, projectId } = await seedProject(database.db);
    const server = await createServer(deps, actor, projectId, { name: 'S', url: mock.url, transport: 'http' });
    // A worker holds the only in-flight slot of the mock's address (127.0.0.1), under the same Redis keys.
    const worker = createPolitenessGate({ redis: redis.redis, prefix: redis.prefix, maxInFlightPerHost: 1 });
    const host = new URL(mock.url).hostname;
    const release = await worker({ host, address: '127.0.0.1', method: 'POST', accept: null }, undefined);
    try {
      const refused = await testServerConnection(deps, actor, server.id).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'unavailable', details: { reason: 'politeness' } });
      expect((refused as Error).message).toMatch(/^connection test failed: politeness: request to host /);
    } finally {
      release();
    }
    await expect(testServerConnection(deps, actor, server.id)).resolves.toMatchObject({ serverId: server.id });
  });
});
