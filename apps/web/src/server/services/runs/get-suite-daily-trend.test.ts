// The daily trend of a suite: read from the SuiteDay rollup, never from runs, so it outlives run retention.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../test/route-env';
import { seedSuite } from '../../../../../../test/worker';
import type { ServiceDeps } from '@/server/services/service-deps';
import { getSuiteDailyTrend } from './get-suite-daily-trend';

const database = useTestDatabase();
const redis = useTestRedis();
useRouteEnv(database, redis);

const NOW = new Date('2026-11-27T15:00:00.000Z');

async function serviceDeps(): Promise<ServiceDeps> {
  const { getServiceDeps } = await import('@/server/services/get-service-deps');
  return { ...getServiceDeps(), now: () => NOW };
}

describe('getSuiteDailyTrend', () => {
  it('reads the rollup rows of the window (no run exists at all), leaving out cancelled-only days', async () => {
    const deps = await serviceDeps();
    const s = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: 'assertions: []\n' });
    const db = database.db.tenant(s.tenantId);
    const day = (d: string, fields: Record<string, number>) =>
      db.suiteDay.create({
        data: { tenantId: s.tenantId, suiteId: s.suiteId, day: new Date(`${d}T00:00:00Z`), ...fields },
      });
    await day('2026-08-29', { runs: 5, passedRuns: 5, assertions: 50, passedAssertions: 50, durationSumMs: 5000 }); // outside 90 days
    await day('2026-08-30', {
      runs: 4,
      passedRuns: 3,
      failedRuns: 1,
      assertions: 40,
      passedAssertions: 39,
      failedAssertions: 1,
      durationSumMs: 4000,
      durationMaxMs: 1500,
    });
    await day('2026-10-01', { runs: 1, cancelledRuns: 1 });
    await day('2026-11-27', {
      runs: 3,
      passedRuns: 1,
      errorRuns: 1,
      cancelledRuns: 1,
      assertions: 10,
      passedAssertions: 5,
      failedAssertions: 5,
      durationSumMs: 900,
      durationMaxMs: 600,
    });

    const trend = await getSuiteDailyTrend(deps, { tenantId: s.tenantId }, s.suiteId);
    expect(trend.points).toEqual([
      {
        day: '2026-08-30',
        runs: 4,
        passedRuns: 3,
        failedRuns: 1,
        errorRuns: 0,
        passRate: 97.5,
        meanDurationMs: 1000,
        maxDurationMs: 1500,
      },
      {
        day: '2026-11-27',
        runs: 2,
        passedRuns: 1,
        failedRuns: 0,
        errorRuns: 1,
        passRate: 50,
        meanDurationMs: 450,
        maxDurationMs: 600,
      },
    ]);
    expect(trend.summary).toEqual({ runs: 6, passRate: 88, meanDurationMs: 817 });
    expect(await db.run.count()).toBe(0);
    expect((await getSuiteDailyTrend(deps, { tenantId: s.tenantId }, s.suiteId, { days: 1 })).points).toHaveLength(1);
  });

  it("answers not_found for another tenant's suite", async () => {
    const deps = await serviceDeps();
    const mine = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: 'assertions: []\n' });
    const theirs = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: 'assertions: []\n' });
    await expect(getSuiteDailyTrend(deps, { tenantId: mine.tenantId }, theirs.suiteId)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
