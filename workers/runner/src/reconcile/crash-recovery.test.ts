// Recovery from the failures the queue must survive: a worker killed with SIGKILL mid-run, and Redis losing every key.
import { describe, expect, it } from 'vitest';
import { nextScheduleFireAt } from '@mcptest/core';
import { createRedis, type Redis } from '@mcptest/redis';
import { useTestDatabase } from '../../../../test/db';
import { useTestRedis } from '../../../../test/redis';
import {
  queueRun,
  runRow,
  seedSuite,
  spawnWorkerProcess,
  startPrivateRedis,
  startTestWorker,
  waitFor,
  useWorkerMock,
  waitForRunEnd,
  finishedRunEvents,
} from '../../../../test/worker';

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useWorkerMock();

const finished = (runId: string, timeoutMs = 60_000) => waitForRunEnd(database.db, runId, timeoutMs);

const SIX_SLOW = `
assertions:
${[1, 2, 3, 4, 5, 6].map((n) => `  - name: slow ${n}\n    assert: { tool: slow, args: { n: ${n} }, expect: { contains: [slow ${n}] } }`).join('\n')}
`;

/** Short locks so a dead worker's job is taken over within seconds instead of BullMQ's default 30 s. */
const FAST_TAKEOVER = { WORKER_LOCK_DURATION_MS: '2000', WORKER_STALLED_INTERVAL_MS: '1000' };

describe('crash recovery', () => {
  it(
    'completes a run once, without duplicate results, after its worker is killed with SIGKILL mid-run',
    { timeout: 180_000 },
    async () => {
      const seeded = await seedSuite(database.db, { serverUrl: mock.url, yaml: SIX_SLOW });
      const child = await spawnWorkerProcess({
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: redis.prefix,
        WORKER_CONCURRENCY: '1',
        WORKER_HEARTBEAT_SECONDS: '1',
        RECONCILE_INTERVAL_SECONDS: '1',
        ...FAST_TAKEOVER,
      });
      const runId = await queueRun(database.db, redis, seeded);
      const tdb = database.db.tenant(seeded.tenantId);
      await waitFor(
        'two results written by the first worker',
        async () => ((await tdb.assertionResult.count({ where: { runId } })) >= 2 ? true : undefined),
        60_000,
      );
      expect((await runRow(database.db, runId))?.status).toBe('RUNNING');
      child.kill('SIGKILL');
      expect(await child.exited).toBe('SIGKILL');

      const survivor = await startTestWorker(database, redis, FAST_TAKEOVER);
      try {
        const run = await finished(runId);
        expect(run).toMatchObject({ status: 'PASSED', total: 6, passed: 6, failed: 0, attempts: 2 });
        expect(run.workerId).toBeNull();
        const rows = await tdb.assertionResult.findMany({
          where: { runId },
          select: { assertionKey: true, trial: true },
        });
        expect(rows).toHaveLength(6);
        expect(new Set(rows.map((r) => `${r.assertionKey}/${r.trial}`)).size).toBe(6);
        // It finished exactly once: one run.finished event, and the run is not picked up again.
        const events = await finishedRunEvents(redis, runId);
        expect(events.filter((e) => e.event.type === 'run.finished')).toHaveLength(1);
        expect(events.filter((e) => e.event.type === 'run.started')).toHaveLength(2);
      } finally {
        await survivor.stop();
      }
    },
  );

  it(
    'recovers every queued run after Redis loses all its data (FLUSHALL); schedules, in Postgres, stay armed',
    { timeout: 180_000 },
    async () => {
      // FLUSHALL empties the whole server, so this test has a redis-server of its own.
      const privateRedis = await startPrivateRedis();
      const local = { url: privateRedis.url, prefix: 'mcptest-flush' };
      const client: Redis = createRedis({ url: privateRedis.url, name: 'flush-test' });
      try {
        const seeded = await seedSuite(database.db, {
          serverUrl: mock.url,
          plan: 'TEAM',
          yaml: `
assertions:
  - name: finds
    assert: { tool: search, args: { q: x }, expect: { contains: [found x] } }
`,
        });
        const scheduled = await seedSuite(database.db, {
          tenantId: seeded.tenantId,
          serverUrl: mock.url,
          yaml: 'assertions: []\n',
          schedule: '0 3 * * *',
          timezone: 'Europe/Paris',
        });
        const runIds: string[] = [];
        for (let i = 0; i < 8; i += 1)
          runIds.push(await queueRun(database.db, { redis: client, prefix: local.prefix }, seeded, { cap: 4 }));
        expect(await client.dbsize()).toBeGreaterThan(0);
        await client.flushall();
        expect(await client.dbsize()).toBe(0);

        const worker = await startTestWorker(database, local, { RECONCILE_INTERVAL_SECONDS: '0.5' });
        try {
          for (const runId of runIds) {
            const run = await finished(runId).catch((error: Error) => {
              throw new Error(`${error.message}\n${JSON.stringify(worker.lines.slice(-20))}`);
            });
            expect(run.status).toBe('PASSED');
          }
          // The schedule lives in Postgres (Suite.nextFireAt), so a flush does not touch it: still armed at its next
          // 03:00 in Paris (plus its second of the minute).
          const armed = await waitFor('the schedule to be armed', async () => {
            const row = await database.db
              .tenant(seeded.tenantId)
              .suite.findFirst({ where: { id: scheduled.suiteId }, select: { nextFireAt: true } });
            return row?.nextFireAt ?? undefined;
          });
          expect(armed.getTime()).toBeGreaterThan(Date.now());
          expect(armed.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000 + 3_600_000);
          expect(armed.getTime()).toBe(
            nextScheduleFireAt({
              suiteId: scheduled.suiteId,
              cron: '0 3 * * *',
              timezone: 'Europe/Paris',
              afterMs: armed.getTime() - 1,
            }),
          );
          expect(worker.lines.filter((l) => l.msg === 'reconciler: queued run had no job; queued again')).toHaveLength(
            8,
          );
        } finally {
          await worker.stop();
        }
      } finally {
        client.disconnect();
        await privateRedis.stop();
      }
    },
  );
});
