// GET and PUT /api/v1/servers/{id}/monitor as Next calls them, and the public uptime badge it hands out: real Postgres
// and Redis, real tokens. Checks are seeded rollup rows (the worker is tested in workers/runner/src/monitor).
import { createTenant, generateApiToken } from '@mcptest/db';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../../../test/route-env';
import { seedSuite, type SeededSuite } from '../../../../../../../../../test/worker';
import type * as UptimeBadgeRoute from '@/app/api/badges/u/[file]/route';
import type * as MonitorRoute from './route';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string } };
}

let route: typeof MonitorRoute;
let badgeRoute: typeof UptimeBadgeRoute;

async function call(handler: Handler, token: string, serverId: string, body?: unknown): Promise<Answer> {
  const request = new Request(`http://localhost/api/v1/servers/${serverId}/monitor`, {
    method: body === undefined ? 'GET' : 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const response = await handler(request, { params: Promise.resolve({ id: serverId }) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

async function makeToken(tenantId: string, scopes: ('READ' | 'RUN' | 'WRITE' | 'ADMIN')[]) {
  const { token, tokenHash, prefix } = generateApiToken();
  await testDb.db
    .tenant(tenantId)
    .apiToken.create({ data: { tenantId, name: 'test', tokenHash, prefix, scopes, projectId: null } });
  return token;
}

async function badge(url: string) {
  const file = url.split('/').at(-1)!;
  const response = await badgeRoute.GET(new Request(url), { params: Promise.resolve({ file }) });
  return {
    status: response.status,
    json: (await response.json()) as { label: string; message: string; color: string },
  };
}

let seeded: SeededSuite;
let admin: string;

beforeAll(async () => {
  route = await import('./route');
  badgeRoute = await import('@/app/api/badges/u/[file]/route');
  const tenant = await createTenant(testDb.db, { name: 'Monitor A', ownerEmail: 'monitor-a@example.test' });
  admin = tenant.token;
  seeded = await seedSuite(testDb.db, {
    tenantId: tenant.tenant.id,
    serverUrl: 'http://127.0.0.1:9/mcp',
    yaml: 'name: x\n',
  });
});

describe('GET and PUT /servers/{id}/monitor', () => {
  it('answers an unconfigured monitor, enables it (due now, with a badge), and shows the uptime bar', async () => {
    const none = await call(route.GET, admin, seeded.serverId);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({
      configured: false,
      enabled: false,
      intervalMinutes: 5,
      state: 'unknown',
      badge: null,
      limits: { maxMonitors: 5, minIntervalMinutes: 5 },
    });
    expect((none.body.uptime as { days: unknown[] }).days).toHaveLength(90);

    const before = Date.now();
    const put = await call(route.PUT, admin, seeded.serverId, { enabled: true });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ configured: true, enabled: true, intervalMinutes: 5, state: 'unknown' });
    expect(Date.parse(put.body.nextCheckAt as string)).toBeGreaterThanOrEqual(before - 1000);
    const urls = put.body.badge as { svgUrl: string; jsonUrl: string };
    expect(urls.jsonUrl).toMatch(/\/api\/badges\/u\/[A-Za-z0-9_-]{32}\.json$/);
    expect((await badge(urls.jsonUrl)).json).toEqual({
      schemaVersion: 1,
      label: 'uptime',
      message: 'no data',
      color: 'lightgrey',
      style: 'flat',
    });

    // Two days of checks, as the worker's rollup leaves them.
    const tdb = testDb.db.tenant(seeded.tenantId);
    const monitor = await tdb.monitor.findUniqueOrThrow({ where: { serverId: seeded.serverId } });
    const today = new Date(new Date().toISOString().slice(0, 10));
    const yesterday = new Date(today.getTime() - 86_400_000);
    await tdb.monitorDay.createMany({
      data: [
        {
          tenantId: seeded.tenantId,
          monitorId: monitor.id,
          day: yesterday,
          checks: 288,
          failures: 0,
          latencySumMs: 28_800,
          latencyMaxMs: 150,
          latencyBuckets: [0, 288],
        },
        {
          tenantId: seeded.tenantId,
          monitorId: monitor.id,
          day: today,
          checks: 100,
          failures: 2,
          latencySumMs: 9_000,
          latencyMaxMs: 400,
          latencyBuckets: [0, 80, 5, 0, 5],
        },
      ],
    });
    await tdb.monitorIncident.create({
      data: {
        tenantId: seeded.tenantId,
        monitorId: monitor.id,
        startedAt: new Date(),
        reason: 'connect_failed: refused',
      },
    });
    const got = await call(route.GET, admin, seeded.serverId);
    const uptime = got.body.uptime as { availability: number; days: { level: string; p95LatencyMs: number | null }[] };
    expect(uptime.availability).toBe(99.48);
    expect(uptime.days.at(-2)).toMatchObject({ level: 'up', p95LatencyMs: 100 });
    expect(uptime.days.at(-1)).toMatchObject({ level: 'degraded', p95LatencyMs: 400 });
    expect(got.body.incidents).toEqual([expect.objectContaining({ reason: 'connect_failed: refused', endedAt: null })]);

    // Disabling invalidates the badge at once: `paused`.
    expect((await call(route.PUT, admin, seeded.serverId, { enabled: false })).body).toMatchObject({
      enabled: false,
      nextCheckAt: null,
    });
    expect((await badge(urls.jsonUrl)).json).toMatchObject({ message: 'paused', color: 'lightgrey' });
  });

  it('keeps to the plan: no interval below its minimum, no more enabled monitors than it allows', async () => {
    const low = await call(route.PUT, admin, seeded.serverId, { enabled: true, intervalMinutes: 1 });
    expect(low.status).toBe(400);
    expect(low.body.error?.code).toBe('validation_failed');
    for (let i = 0; i < 5; i += 1) {
      const other = await seedSuite(testDb.db, {
        tenantId: seeded.tenantId,
        serverUrl: `http://127.0.0.1:9/m${i}`,
        yaml: 'name: x\n',
      });
      const enabled = await call(route.PUT, admin, other.serverId, { enabled: true });
      expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    }
    const over = await call(route.PUT, admin, seeded.serverId, { enabled: true });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'quota_exceeded', message: 'the plan allows 5 enabled monitors' });
  });

  it('needs write to change and read to see; another tenant sees nothing', async () => {
    const reader = await makeToken(seeded.tenantId, ['READ']);
    expect((await call(route.GET, reader, seeded.serverId)).status).toBe(200);
    expect((await call(route.PUT, reader, seeded.serverId, { enabled: true })).status).toBe(403);
    const other = await createTenant(testDb.db, { name: 'Monitor B', ownerEmail: 'monitor-b@example.test' });
    expect((await call(route.GET, other.token, seeded.serverId)).status).toBe(404);
    expect((await call(route.PUT, other.token, seeded.serverId, { enabled: true })).status).toBe(404);
    expect((await call(route.PUT, admin, seeded.serverId, { enabled: 'yes' })).status).toBe(400);
  });

  it('answers an unknown uptime badge key with a 404 badge', async () => {
    vi.useRealTimers();
    const missing = await badge('http://localhost/api/badges/u/nosuchkey.json');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('not found');
  });
});
