// The project badge route as Next calls it: env from process.env, process-wide deps, real Postgres and Redis.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../test/redis';
import { closeDb } from '@/server/db';
import { addRun, addSuite, seedBadgeSuite, suiteBadgeKey } from '@/server/services/badges/badge-test-helpers';
import { ensureProjectBadgeKey } from '@/server/services/badges/ensure-project-badge-key';
import { closeServiceDeps } from '@/server/services/get-service-deps';
import type * as Route from './route';

const testDb = useTestDatabase();
const testRedis = useTestRedis();

let GET: (typeof Route)['GET'];

async function get(file: string, headers: Record<string, string> = {}) {
  return GET(new Request(`http://localhost:3000/api/badges/p/${file}`, { headers }), {
    params: Promise.resolve({ file }),
  });
}

beforeEach(async () => {
  vi.stubEnv('NODE_ENV', 'test');
  vi.stubEnv('DATABASE_URL', testDb.url);
  vi.stubEnv('REDIS_URL', testRedis.url);
  vi.stubEnv('REDIS_PREFIX', testRedis.prefix);
  // A fresh module graph, so env() parses the variables stubbed above.
  vi.resetModules();
  ({ GET } = await import('./route'));
});

afterEach(async () => {
  await closeServiceDeps();
  await closeDb();
  vi.unstubAllEnvs();
});

describe('GET /api/badges/p/{key}.svg|.json', () => {
  it('serves the project aggregate with ETag and 304', async () => {
    const seeded = await seedBadgeSuite(testDb.db);
    const other = await addSuite(testDb.db, seeded);
    await addRun(testDb.db, seeded, { status: 'PASSED' });
    await addRun(testDb.db, other, { status: 'FAILED', failed: 1 });
    const key = await ensureProjectBadgeKey({ db: testDb.db }, { tenantId: seeded.tenantId }, seeded.projectId);

    const json = await get(`${key}.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('cache-control')).toBe('public, max-age=60');
    expect(json.headers.get('access-control-allow-origin')).toBe('*');
    expect(await json.json()).toEqual({
      schemaVersion: 1,
      label: 'mcptest',
      message: 'failing 1/2',
      color: 'red',
      style: 'flat',
    });
    const svg = await get(`${key}.svg`);
    expect(svg.status).toBe(200);
    expect(await svg.text()).toContain('<title>mcptest: failing 1/2</title>');
    const again = await get(`${key}.svg`, { 'If-None-Match': svg.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('answers 404 for a suite key, a project id, or a project that never had a badge key', async () => {
    const seeded = await seedBadgeSuite(testDb.db);
    for (const file of [`${await suiteBadgeKey(testDb.db, seeded)}.svg`, `${seeded.projectId}.svg`]) {
      const response = await get(file);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('not found');
    }
  });
});
