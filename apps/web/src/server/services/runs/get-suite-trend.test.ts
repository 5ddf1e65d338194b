// The trend of a suite: newest N finished runs only, oldest first, pass rate and duration, and the summary line.
import { seedRun } from '@mcptest/db';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../test/route-env';
import { seedSuite } from '../../../../../../test/worker';
import type { ServiceDeps } from '@/server/services/service-deps';
import { getSuiteTrend, summarizeTrend } from './get-suite-trend';

const database = useTestDatabase();
const redis = useTestRedis();
useRouteEnv(database, redis);

const YAML = 'assertions:\n  - name: a\n    assert: { tool: t, expect: { not_error: true } }\n';

async function serviceDeps(): Promise<ServiceDeps> {
  const { getServiceDeps } = await import('@/server/services/get-service-deps');
  return getServiceDeps();
}

describe('getSuiteTrend', () => {
  it('returns the newest N finished runs oldest first, skipping unfinished and cancelled ones', async () => {
    const deps = await serviceDeps();
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const db = database.db.tenant(seeded.tenantId);
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const make = (i: number, status: 'PASSED' | 'FAILED' | 'ERROR' | 'CANCELLED' | 'RUNNING', passed: number) =>
      seedRun(db, {
        suiteId: seeded.suiteId,
        status,
        total: status === 'ERROR' ? 0 : 4,
        passed,
        failed: status === 'ERROR' ? 0 : 4 - passed,
        durationMs: 1000 * (i + 1),
        queuedAt: new Date(t0 + i * 60_000),
        finishedAt: new Date(t0 + i * 60_000 + 5000),
      });
    await make(0, 'PASSED', 4); // the oldest: falls outside limit 3
    await make(1, 'FAILED', 2);
    await make(2, 'CANCELLED', 0);
    await make(3, 'ERROR', 0);
    await make(4, 'PASSED', 4);
    await make(5, 'RUNNING', 1);

    const trend = await getSuiteTrend(deps, { tenantId: seeded.tenantId }, seeded.suiteId, { limit: 3 });
    expect(trend.points.map((p) => [p.status, p.passRate, p.durationMs])).toEqual([
      ['failed', 50, 2000],
      ['error', null, 4000],
      ['passed', 100, 5000],
    ]);
    // 6 of 8 assertions passed; durations 2 s, 4 s, 5 s.
    expect(trend.summary).toEqual({ runs: 3, passRate: 75, medianDurationMs: 4000 });

    const all = await getSuiteTrend(deps, { tenantId: seeded.tenantId }, seeded.suiteId);
    expect(all.points).toHaveLength(4);
  });

  it("answers not_found for another tenant's suite", async () => {
    const deps = await serviceDeps();
    const mine = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const theirs = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const refused = await getSuiteTrend(deps, { tenantId: mine.tenantId }, theirs.suiteId).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'not_found' });
  });
});

describe('summarizeTrend', () => {
  it.each([
    [[], { runs: 0, passRate: null, medianDurationMs: null }],
    [[{ passed: 1, total: 2, durationMs: 100 }], { runs: 1, passRate: 50, medianDurationMs: 100 }],
    [
      [
        { passed: 1, total: 3, durationMs: 100 },
        { passed: 0, total: 0, durationMs: null },
        { passed: 3, total: 3, durationMs: 301 },
      ],
      { runs: 3, passRate: 66.7, medianDurationMs: 201 },
    ],
  ])('%j → %j', (points, summary) => {
    const full = points.map((p, i) => ({
      ...p,
      runId: String(i),
      status: 'passed' as const,
      passRate: null,
      finishedAt: new Date(0).toISOString(),
    }));
    expect(summarizeTrend(full)).toEqual(summary);
  });
});
