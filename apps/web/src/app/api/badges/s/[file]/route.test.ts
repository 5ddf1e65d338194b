// The suite badge route as Next calls it: env from process.env, process-wide deps, real Postgres and Redis.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../test/redis';
import { closeDb } from '@/server/db';
import { addRun, seedBadgeSuite, suiteBadgeKey } from '@/server/services/badges/badge-test-helpers';
import { closeServiceDeps } from '@/server/services/get-service-deps';

const testDb = useTestDatabase();
const testRedis = useTestRedis();

/** A fresh copy of the route module graph, so env() parses the variables stubbed by the test. */
async function importRoute() {
  vi.resetModules();
  return import('./route');
}

let route: Awaited<ReturnType<typeof importRoute>>;

async function get(file: string, query = '', headers: Record<string, string> = {}) {
  const { GET } = route;
  const request = new Request(`http://localhost:3000/api/badges/s/${file}${query}`, { headers });
  return GET(request, { params: Promise.resolve({ file }) });
}

beforeEach(async () => {
  vi.stubEnv('NODE_ENV', 'test');
  vi.stubEnv('DATABASE_URL', testDb.url);
  vi.stubEnv('REDIS_URL', testRedis.url);
  vi.stubEnv('REDIS_PREFIX', testRedis.prefix);
  route = await importRoute();
});

afterEach(async () => {
  // The singletons live on globalThis (they survive vi.resetModules), so close them between cases.
  await closeServiceDeps();
  await closeDb();
  vi.unstubAllEnvs();
});

describe('GET /api/badges/s/{key}.svg|.json', () => {
  it('serves the SVG with caching headers, then 304 for the same ETag', async () => {
    const seeded = await seedBadgeSuite(testDb.db);
    await addRun(testDb.db, seeded, { status: 'FAILED', failed: 1, total: 4 });
    const key = await suiteBadgeKey(testDb.db, seeded);

    const { dynamic, runtime } = route;
    expect([dynamic, runtime]).toEqual(['force-dynamic', 'nodejs']);
    const response = await get(`${key}.svg`);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=60',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    });
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(await response.text()).toContain('<title>mcptest: failing 1/4</title>');

    const again = await get(`${key}.svg`, '', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await get(`${key}.svg`, '', { 'If-None-Match': '"stale"' })).status).toBe(200);
  });

  it('serves shields endpoint JSON with the style and label asked for', async () => {
    const seeded = await seedBadgeSuite(testDb.db);
    await addRun(testDb.db, seeded, { status: 'PASSED' });
    const key = await suiteBadgeKey(testDb.db, seeded);
    const response = await get(`${key}.json`, '?style=for-the-badge&label=my%20server&cachebust=1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      schemaVersion: 1,
      label: 'my server',
      message: 'passing',
      color: 'brightgreen',
      style: 'for-the-badge',
    });
    const square = await get(`${key}.svg`, '?style=flat-square');
    expect(square.status).toBe(200);
    expect(await square.text()).not.toContain('<linearGradient');
  });

  it('answers 404 with a not-found badge for an unknown key or a suite id', async () => {
    const seeded = await seedBadgeSuite(testDb.db);
    for (const file of ['unknown-key-1234567890.svg', `${seeded.suiteId}.svg`]) {
      const response = await get(file);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.text()).toContain('<title>mcptest: not found</title>');
    }
    const json = await get('unknown-key.json');
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ message: 'not found', isError: true });
  });

  it('answers 400 for a bad query and 404 for a path that names no format', async () => {
    const bad = await get('anything.svg', '?style=3d');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: 'validation_failed', details: { issues: [{ path: 'style' }] } },
    });
    const png = await get('anything.png');
    expect(png.status).toBe(404);
    expect(await png.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('still serves the badge from Postgres when Redis is down', async () => {
    const seeded = await seedBadgeSuite(testDb.db);
    await addRun(testDb.db, seeded, { status: 'ERROR' });
    const key = await suiteBadgeKey(testDb.db, seeded);
    await closeServiceDeps();
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:1');
    route = await importRoute();
    const response = await get(`${key}.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: 'error', color: 'orange' });
  });

  it('answers the CORS preflight', async () => {
    const response = route.OPTIONS();
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('If-None-Match');
  });
});
