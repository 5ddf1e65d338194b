// Fair admission end to end: a tenant with 200 queued runs cannot delay another tenant's run.
import { describe, expect, it } from 'vitest';
import { createQueuedRun } from '@mcptest/db';
import { createFairAdmission, createQueues, enqueueRun } from '@mcptest/redis';
import { useTestDatabase } from '../../../../test/db';
import { useTestRedis } from '../../../../test/redis';
import { runRow, seedSuite, startTestWorker, waitFor, useWorkerMock } from '../../../../test/worker';

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useWorkerMock();

/** The stated bound (docs/operations.md): with a free worker slot, another tenant's run starts within 1 s. */
const START_BOUND_MS = 1_000;
/** What the assertion allows on a loaded 2-core CI machine; the measured value is reported in the test output. */
const ASSERTED_BOUND_MS = 3_000;

describe('fair admission across tenants', () => {
  it(
    "starts tenant B's run within the bound while tenant A has 200 runs queued, and A never exceeds its cap",
    { timeout: 120_000 },
    async () => {
      const slow = `
assertions:
  - name: slow
    assert: { tool: slow, args: { n: 1 }, expect: { contains: [slow 1] } }
`;
      const a = await seedSuite(database.db, { serverUrl: mock.url, yaml: slow, plan: 'TEAM', tenantName: 'A' });
      const b = await seedSuite(database.db, { serverUrl: mock.url, yaml: slow, plan: 'TEAM', tenantName: 'B' });
      const queues = createQueues({ connection: redis.redis, prefix: redis.prefix });
      const fair = createFairAdmission({ redis: redis.redis, prefix: redis.prefix });
      const capA = 2;
      const worker = await startTestWorker(database, redis, { WORKER_CONCURRENCY: '4' });
      try {
        const aRuns: string[] = [];
        for (let i = 0; i < 200; i += 1) {
          const { run } = await createQueuedRun(database.db.tenant(a.tenantId), { suiteId: a.suiteId, trigger: 'API' });
          await enqueueRun({ fair, queues }, { tenantId: a.tenantId, runId: run.id, cap: capA });
          aRuns.push(run.id);
        }
        // Let A's first runs get going, so B arrives into a busy system.
        await waitFor('A to be running', async () =>
          (await database.db.tenant(a.tenantId).run.count({ where: { status: 'RUNNING' } })) === capA
            ? true
            : undefined,
        );
        const { run: bRun } = await createQueuedRun(database.db.tenant(b.tenantId), {
          suiteId: b.suiteId,
          trigger: 'API',
        });
        const enqueuedAt = Date.now();
        await enqueueRun({ fair, queues }, { tenantId: b.tenantId, runId: bRun.id, cap: 2 });

        let maxRunningA = 0;
        const started = await waitFor(
          'B to start',
          async () => {
            const runningA = await database.db.tenant(a.tenantId).run.count({ where: { status: 'RUNNING' } });
            maxRunningA = Math.max(maxRunningA, runningA);
            const row = await runRow(database.db, bRun.id);
            return row?.startedAt ?? undefined;
          },
          20_000,
          10,
        );
        const waitedMs = started.getTime() - enqueuedAt;
        console.info(`fairness: tenant B's run started ${waitedMs} ms after it was queued, behind 200 of tenant A`);
        expect(waitedMs).toBeLessThan(ASSERTED_BOUND_MS);
        expect(START_BOUND_MS).toBeLessThanOrEqual(ASSERTED_BOUND_MS);
        // A's runs that started between B's enqueue and B's start: at most the slots A frees meanwhile, never a backlog.
        const aStartedMeanwhile = await database.db.tenant(a.tenantId).run.count({
          where: { startedAt: { gte: new Date(enqueuedAt), lt: started } },
        });
        expect(aStartedMeanwhile).toBeLessThanOrEqual(capA);
        expect(maxRunningA).toBeLessThanOrEqual(capA);
        const stats = await fair.stats();
        expect(stats.tenants.find((t) => t.tenantId === a.tenantId)?.pending).toBeGreaterThan(150);
      } finally {
        await worker.stop();
        await queues.close();
      }
    },
  );
});
