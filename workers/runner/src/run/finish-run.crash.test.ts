// Finishing a run survives kill -9 at every step: real worker processes stopped by the test seam (MCPTEST_TEST_PAUSE_AT)
// before the transaction, after the commit and between the side effects, then killed; one surviving worker resumes
// the runs and replays the outboxes. Every run ends exactly once, and a real HTTP receiver that deduplicates by
// webhook-id sees each of its webhooks exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ENCRYPTION_KEYS } from '@mcptest/core';
import { createSecretBox, secretContext } from '@mcptest/db';
import { readRunEvents, RUN_FINISH_STEPS } from '@mcptest/redis';
import { useTestDatabase } from '../../../../test/db';
import { useTestRedis } from '../../../../test/redis';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/webhook-receiver';
import {
  queueRun,
  runRow,
  seedSuite,
  spawnWorkerProcess,
  startTestWorker,
  useWorkerMock,
  waitFor,
} from '../../../../test/worker';
import { readWorkerEnv } from '../env';

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useWorkerMock();
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

// One assertion passes and one fails: the run ends FAILED and raises run.completed and run.failed.
const SUITE = `
assertions:
  - name: finds
    assert: { tool: search, args: { q: x }, expect: { contains: [found x] } }
  - name: misses
    assert: { tool: search, args: { q: y }, expect: { contains: [nothing like this] } }
`;

/** Short locks, so the killed workers' jobs are taken over within seconds. */
const FAST_TAKEOVER = { WORKER_LOCK_DURATION_MS: '2000', WORKER_STALLED_INTERVAL_MS: '1000' };

describe('finishing a run under kill -9', () => {
  it(
    'ends every run exactly once and delivers each webhook exactly once, wherever its worker died',
    { timeout: 120_000 },
    async () => {
      const t0 = Date.now();
      const seeded = await seedSuite(database.db, { serverUrl: mock.url, yaml: SUITE, plan: 'TEAM' });
      const tdb = database.db.tenant(seeded.tenantId);
      const box = createSecretBox(
        readWorkerEnv({ MCPTEST_ENCRYPTION_KEYS: DEV_ENCRYPTION_KEYS }).MCPTEST_ENCRYPTION_KEYS,
      );
      const sealed = box.seal(
        `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
        secretContext.webhookSecret(seeded.tenantId),
      );
      await tdb.webhook.create({
        data: {
          tenantId: seeded.tenantId,
          projectId: seeded.projectId,
          url: `${receiver.url}/hooks`,
          events: ['run.completed', 'run.failed', 'run.regressed'],
          secretEncrypted: sealed.data,
          secretKeyId: sealed.keyId,
        },
      });

      // One worker process, stopped by the seam at every step: with six runs at once (concurrency 6), the first run
      // to reach each step stops there, so each step holds exactly one run. Its reconciler never runs (one pass an
      // hour): recovery is the survivor's alone.
      const child = await spawnWorkerProcess(
        {
          DATABASE_URL: database.url,
          REDIS_URL: redis.url,
          REDIS_PREFIX: redis.prefix,
          WORKER_CONCURRENCY: String(RUN_FINISH_STEPS.length),
          WORKER_CHECK_THREADS: '1',
          WORKER_HEARTBEAT_SECONDS: '1',
          RECONCILE_INTERVAL_SECONDS: '3600',
          MCPTEST_TEST_PAUSE_AT: RUN_FINISH_STEPS.join(','),
          ...FAST_TAKEOVER,
        },
        60_000,
      );
      console.info(`crash test: worker ready after ${Date.now() - t0} ms`);
      const runIds: string[] = [];
      for (const _ of RUN_FINISH_STEPS) runIds.push(await queueRun(database.db, redis, seeded, { cap: 10 }));
      // The worker's `test pause` log lines: which run stopped at which step.
      const pausedRuns = () =>
        child
          .output()
          .split('\n')
          .flatMap((line) => {
            if (!line.includes('"msg":"test pause"')) return [];
            const entry = JSON.parse(line) as { step: string; runId: string };
            return [{ step: entry.step, runId: entry.runId }];
          });
      const paused = () => pausedRuns().map((p) => p.step);
      try {
        await waitFor(
          'a run stopped at every step',
          async () => (paused().length === RUN_FINISH_STEPS.length ? true : undefined),
          60_000,
        );
        // The runs past `after-webhooks` had their webhook jobs queued by this worker: kill it once every one of those
        // deliveries is done, not between a check and the next claim (a delivery cut mid-attempt is sent again after
        // its lease, docs/webhooks.md, minutes later; "nothing in flight" alone raced a claim on a loaded machine).
        const queuedBy = pausedRuns()
          .filter((p) => p.step === 'after-webhooks' || p.step === 'after-slot')
          .map((p) => p.runId);
        expect(queuedBy).toHaveLength(2);
        await waitFor('the webhooks this worker queued delivered', async () => {
          const open = await tdb.webhookDelivery.count({ where: { runId: { in: queuedBy }, status: 'PENDING' } });
          return open === 0 ? true : undefined;
        });
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${child.output().slice(-3000)}`, { cause: error });
      }
      expect(paused().sort()).toEqual([...RUN_FINISH_STEPS].sort());
      console.info(`crash test: a run stopped at every step after ${Date.now() - t0} ms`);
      child.kill('SIGKILL');
      expect(await child.exited).toBe('SIGKILL');

      // What the crash left: one run still RUNNING (before the transaction), the others final but with side effects
      // undone; their finishedAt must never change again.
      const atCrash = new Map<string, Date | null>();
      for (const runId of runIds) atCrash.set(runId, (await runRow(database.db, runId))?.finishedAt ?? null);
      expect([...atCrash.values()].filter((at) => at === null)).toHaveLength(1);
      expect(await tdb.runOutbox.count({ where: { runId: { in: runIds }, doneAt: null } })).toBe(
        RUN_FINISH_STEPS.length - 1,
      );

      const survivor = await startTestWorker(database, redis, { ...FAST_TAKEOVER, RECONCILE_INTERVAL_SECONDS: '0.5' });
      try {
        // Done: every run final with its outbox settled, and both webhooks of every run at the receiver.
        const received = () =>
          receiver.on('/hooks').map((r) => ({ id: r.headers['webhook-id'], body: JSON.parse(r.body) as Hook }));
        const state = async () => ({
          runs: await tdb.run.findMany({
            where: { id: { in: runIds } },
            select: { id: true, status: true, attempts: true },
          }),
          outbox: await tdb.runOutbox.findMany({
            where: { runId: { in: runIds } },
            select: { runId: true, doneAt: true },
          }),
          hooks: received().map((r) => `${r.id} ${r.body.data.run.id}/${r.body.type}`),
          log: survivor.lines.filter((l) => Number(l.level) >= 40).slice(-30),
        });
        try {
          await waitFor(
            'every run to end with its side effects and webhooks',
            async () => {
              const done = await tdb.runOutbox.count({ where: { runId: { in: runIds }, doneAt: { not: null } } });
              const hooks = new Set(received().map((r) => `${r.body.data.run.id}/${r.body.type}`));
              return done === runIds.length && hooks.size === runIds.length * 2 ? true : undefined;
            },
            60_000,
          );
        } catch (error) {
          throw new Error(`${(error as Error).message}\n${JSON.stringify(await state(), null, 1)}`, { cause: error });
        }
        console.info(`crash test: every run ended and its webhooks arrived after ${Date.now() - t0} ms`);
        for (const runId of runIds) {
          const run = await runRow(database.db, runId);
          // One final status, set once: those final at the crash kept their finishedAt.
          expect(run).toMatchObject({ status: 'FAILED', total: 2, passed: 1, failed: 1, workerId: null });
          const before = atCrash.get(runId);
          if (before) expect(run?.finishedAt).toEqual(before);
          else expect(run?.finishedAt).not.toBeNull();
          expect(await tdb.runOutbox.count({ where: { runId } })).toBe(1);
          expect(await tdb.assertionResult.count({ where: { runId } })).toBe(2);
          const events = await readRunEvents(redis.redis, redis.prefix, runId);
          expect(events.filter((e) => e.event.type === 'run.finished')).toHaveLength(1);
          const deliveries = await tdb.webhookDelivery.findMany({
            where: { runId },
            select: { id: true, event: true },
          });
          expect(deliveries.map((d) => d.event).sort()).toEqual(['run.completed', 'run.failed']);
        }

        // The receiver deduplicates by webhook-id (docs/webhooks.md): then each (run, event) arrived exactly once,
        // under the id of its one delivery row. Repeats of one webhook-id are allowed by the contract; none are lost.
        const byId = new Map(received().map((r) => [r.id, r.body]));
        const pairs = [...byId.values()].map((b) => `${b.data.run.id}/${b.type}`);
        expect(pairs).toHaveLength(runIds.length * 2);
        expect(new Set(pairs).size).toBe(pairs.length);
        const rows = await tdb.webhookDelivery.findMany({
          where: { runId: { in: runIds } },
          select: { id: true, status: true },
        });
        expect(new Set(byId.keys())).toEqual(new Set(rows.map((r) => r.id)));
        await waitFor('every delivery to be recorded as sent', async () => {
          const sent = await tdb.webhookDelivery.count({ where: { runId: { in: runIds }, status: 'SUCCEEDED' } });
          return sent === rows.length ? true : undefined;
        });
        const replays = survivor.lines.filter(
          (l) => l.msg === 'reconciler: finished run had side effects left; replayed its outbox',
        );
        expect(replays).toHaveLength(RUN_FINISH_STEPS.length - 1);
      } finally {
        await survivor.stop();
      }
    },
  );
});

interface Hook {
  type: string;
  data: { run: { id: string } };
}
