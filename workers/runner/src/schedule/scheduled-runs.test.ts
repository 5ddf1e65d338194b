// Scheduled regression runs: a suite's cron becomes a BullMQ job scheduler that fires runs at its times.
import { describe, expect, it } from 'vitest';
import { createQueues, listSuiteSchedulers, syncSuiteSchedule } from '@mcptest/redis';
import { useTestDatabase } from '../../../../test/db';
import { useTestRedis } from '../../../../test/redis';
import { seedSuite, startTestWorker, waitFor, useWorkerMock } from '../../../../test/worker';

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useWorkerMock();

const SUITE = `
assertions:
  - name: finds
    assert: { tool: search, args: { q: x }, expect: { contains: [found x] } }
`;

describe('scheduled runs', () => {
  it(
    'fires at the cron times, records SCHEDULE runs against the baseline, and stops when unscheduled',
    { timeout: 90_000 },
    async () => {
      // Every 2 s: seconds-level patterns need a plan minimum of 1 s, set here through the operator override.
      const seeded = await seedSuite(database.db, {
        serverUrl: mock.url,
        yaml: SUITE,
        plan: 'ENTERPRISE',
        schedule: '*/2 * * * * *',
      });
      const worker = await startTestWorker(database, redis, {
        MCPTEST_PLAN_LIMITS: JSON.stringify({ ENTERPRISE: { minScheduleIntervalSeconds: 1 } }),
        RECONCILE_INTERVAL_SECONDS: '0.5',
      });
      const tdb = database.db.tenant(seeded.tenantId);
      const queues = createQueues({ connection: redis.redis, prefix: redis.prefix });
      try {
        const runs = await waitFor(
          'two scheduled runs to pass',
          async () => {
            const found = await tdb.run.findMany({
              where: { suiteId: seeded.suiteId, trigger: 'SCHEDULE', status: 'PASSED' },
              orderBy: { queuedAt: 'asc' },
            });
            return found.length >= 2 ? found : undefined;
          },
          30_000,
        );
        for (const run of runs) {
          // Fired at an even second (the job's firing time, in its id: BullMQ's `repeat:<scheduler>:<millis>`), and
          // queued after it. How long after depends on the machine's load, so only the firing time is exact.
          const firedAt = Number(/:(\d+)$/.exec(run.idempotencyKey ?? '')?.[1]);
          expect(run.idempotencyKey).toMatch(/^schedule:repeat:.+:\d+$/);
          expect(firedAt % 2000, `fired at ${firedAt}`).toBe(0);
          expect(run.queuedAt.getTime()).toBeGreaterThanOrEqual(firedAt);
        }
        expect(new Set(runs.map((r) => r.idempotencyKey)).size).toBe(runs.length);
        const gap = runs[1]!.queuedAt.getTime() - runs[0]!.queuedAt.getTime();
        expect(gap).toBeGreaterThanOrEqual(1000);
        const baseline = await tdb.baseline.findFirst({ where: { suiteId: seeded.suiteId } });
        expect(runs.map((r) => r.id)).toContain(baseline?.runId);

        // Unscheduling: the reconciler removes the scheduler, and no new run fires.
        await tdb.suite.update({ where: { id: seeded.suiteId }, data: { schedule: null } });
        await waitFor('the scheduler to go', async () =>
          (await listSuiteSchedulers(queues)).some((s) => s.suiteId === seeded.suiteId) ? undefined : true,
        );
        await new Promise((r) => setTimeout(r, 500));
        const settled = await tdb.run.count({ where: { suiteId: seeded.suiteId } });
        await new Promise((r) => setTimeout(r, 3_000));
        expect(await tdb.run.count({ where: { suiteId: seeded.suiteId } })).toBe(settled);
      } finally {
        await worker.stop();
        await queues.close();
      }
    },
  );

  it('does not schedule a suite whose cron is more frequent than its plan allows', async () => {
    const seeded = await seedSuite(database.db, {
      serverUrl: mock.url,
      yaml: SUITE,
      plan: 'FREE',
      schedule: '*/5 * * * *',
    });
    const queues = createQueues({ connection: redis.redis, prefix: redis.prefix });
    const worker = await startTestWorker(database, redis);
    try {
      // A suite scheduled directly (as an old version might have) is removed by the reconciler's plan check.
      await syncSuiteSchedule(queues, {
        id: seeded.suiteId,
        tenantId: seeded.tenantId,
        schedule: '*/5 * * * *',
        timezone: 'UTC',
        enabled: true,
      });
      await worker.reconcile();
      expect((await listSuiteSchedulers(queues)).some((s) => s.suiteId === seeded.suiteId)).toBe(false);
      expect(worker.lines.find((l) => l.msg === 'schedule not allowed' && l.suiteId === seeded.suiteId)).toMatchObject({
        suiteId: seeded.suiteId,
        reason: expect.stringContaining('every 5 min'),
      });
    } finally {
      await worker.stop();
      await queues.close();
    }
  });
});
