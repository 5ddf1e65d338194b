// The conformance badge route as Next calls it: env from process.env, process-wide deps, real Postgres and Redis.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../test/redis';
import { seedSuite, type SeededSuite } from '../../../../../../../../test/worker';
import { closeDb } from '@/server/db';
import { suiteBadgeKey } from '@/server/services/badges/badge-test-helpers';
import { seedConformanceReport } from '@/server/services/conformance/conformance-test-helpers';
import { conformanceSuiteYaml } from '@/server/services/conformance/run-conformance';
import { closeServiceDeps } from '@/server/services/get-service-deps';
import { invalidateBadges } from '@mcptest/redis';

const testDb = useTestDatabase();
const testRedis = useTestRedis();

async function importRoute() {
  vi.resetModules();
  return import('./route');
}

let route: Awaited<ReturnType<typeof importRoute>>;

async function get(file: string, query = '') {
  const request = new Request(`http://localhost:3000/api/badges/c/${file}${query}`);
  return route.GET(request, { params: Promise.resolve({ file }) });
}

function seedConformanceSuite(): Promise<SeededSuite> {
  return seedSuite(testDb.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: conformanceSuiteYaml('2026-07-28') });
}

beforeEach(async () => {
  vi.stubEnv('NODE_ENV', 'test');
  vi.stubEnv('DATABASE_URL', testDb.url);
  vi.stubEnv('REDIS_URL', testRedis.url);
  vi.stubEnv('REDIS_PREFIX', testRedis.prefix);
  route = await importRoute();
});

afterEach(async () => {
  await closeServiceDeps();
  await closeDb();
  vi.unstubAllEnvs();
});

describe('GET /api/badges/c/{key}.svg|.json', () => {
  it('draws "MCP <revision> · passed/judged" from the latest report, cached until the suite is invalidated', async () => {
    const seeded = await seedConformanceSuite();
    const key = await suiteBadgeKey(testDb.db, seeded);
    const none = await get(`${key}.json`);
    expect(none.status).toBe(200);
    expect(await none.json()).toMatchObject({ message: 'no runs', color: 'lightgrey' });

    // A failing report (no session: every check fails).
    await seedConformanceReport(testDb.db, seeded, {
      revision: '2026-07-28',
      observations: { revision: '2026-07-28', connect: { ok: false, message: 'refused' } },
    });
    // Still the cached "no runs" until the run's finish invalidates the suite's badges, as the worker does.
    expect((await (await get(`${key}.json`)).json()).message).toBe('no runs');
    await invalidateBadges(testRedis.redis, testRedis.prefix, { suiteId: seeded.suiteId });
    const failing = (await (await get(`${key}.json`)).json()) as { message: string; color: string };
    expect(failing.color).toBe('red');
    expect(failing.message).toMatch(/^MCP 2026-07-28 · 0\/\d+$/);

    await seedConformanceReport(testDb.db, seeded, { revision: '2026-07-28' });
    await invalidateBadges(testRedis.redis, testRedis.prefix, { suiteId: seeded.suiteId });
    const report = await testDb.db
      .tenant(seeded.tenantId)
      .conformanceReport.findFirstOrThrow({ where: { suiteId: seeded.suiteId }, orderBy: { createdAt: 'desc' } });
    const message = `MCP 2026-07-28 · ${report.passed}/${report.total - report.skipped}`;
    const svg = await get(`${key}.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(svg.headers.get('access-control-allow-origin')).toBe('*');
    expect(await svg.text()).toContain(`<title>mcptest: ${message}</title>`);
    expect(await (await get(`${key}.json`, '?label=conformance')).json()).toMatchObject({
      label: 'conformance',
      message,
      color: 'brightgreen',
    });
  });

  it('answers 404 for an unknown key or a suite id, and its suite badge stays the run badge', async () => {
    const seeded = await seedConformanceSuite();
    for (const file of ['unknown-key-1234567890.svg', `${seeded.suiteId}.svg`]) {
      const response = await get(file);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('<title>mcptest: not found</title>');
    }
    const suiteRoute = await import('@/app/api/badges/s/[file]/route');
    const key = await suiteBadgeKey(testDb.db, seeded);
    await seedConformanceReport(testDb.db, seeded, { revision: '2026-07-28' });
    const suiteBadge = await suiteRoute.GET(new Request(`http://localhost:3000/api/badges/s/${key}.json`), {
      params: Promise.resolve({ file: `${key}.json` }),
    });
    expect(((await suiteBadge.json()) as { message: string }).message).toBe('passing');
  });
});
