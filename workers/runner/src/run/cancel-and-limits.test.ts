// Stopping runs: cancellation of a long call on server-everything, the plan's run time limit, graceful shutdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelRun, createFairAdmission, readRunEvents } from '@mcptest/redis';
import { useTestDatabase } from '../../../../test/db';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { useTestRedis } from '../../../../test/redis';
import {
  queueRun,
  runRow,
  seedSuite,
  startTestWorker,
  waitFor,
  useWorkerMock,
  waitForRunEnd,
  finishedRunEvents,
} from '../../../../test/worker';

const database = useTestDatabase();
const redis = useTestRedis();
let everything: RunningServer;
const mock = useWorkerMock();
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  everything = await startEverythingServer('streamableHttp');
  // FREE runs get 4 s here, so the time-limit case ends quickly; cancellation must beat it by far.
  worker = await startTestWorker(database, redis, {
    MCPTEST_PLAN_LIMITS: JSON.stringify({ FREE: { runTimeLimitSeconds: 4 }, TEAM: { runTimeLimitSeconds: 120 } }),
  });
});
afterAll(async () => {
  await worker?.stop();
  await everything?.stop();
});

const finished = (runId: string, timeoutMs = 30_000) => waitForRunEnd(database.db, runId, timeoutMs);

/** What the web app's cancel passes, built from the worker's own connections. */
const cancelDeps = () => ({
  redis: redis.redis,
  prefix: redis.prefix,
  fair: createFairAdmission({ redis: redis.redis, prefix: redis.prefix }),
  queues: worker.deps.queues,
  appUrl: worker.deps.webhooks.appUrl,
});

const LONG = `
name: long
assertions:
  - name: long operation
    timeout: 120s
    assert:
      tool: trigger-long-running-operation
      args: { duration: 60, steps: 60 }
      expect: { not_error: true }
  - name: never reached
    assert: { tool: echo, args: { message: hi }, expect: { contains: [hi] } }
`;

describe('stopping runs', () => {
  it('cancels a running run promptly: the call in flight is abandoned and the rest skipped', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: everything.url, yaml: LONG, plan: 'TEAM' });
    const runId = await queueRun(database.db, redis, seeded, { cap: 4 });
    await waitFor('the long call to start', async () => {
      const events = await readRunEvents(redis.redis, redis.prefix, runId);
      return events.some((e) => e.event.type === 'assertion.started') ? true : undefined;
    });
    const requestedAt = Date.now();
    const outcome = await cancelRun({ ...cancelDeps(), db: database.db.tenant(seeded.tenantId) }, runId);
    expect(outcome).toEqual({ outcome: 'cancelling' });
    const run = await finished(runId);
    const stoppedWithinMs = Date.now() - requestedAt;
    console.info(`cancellation: the 60 s operation's run was cancelled ${stoppedWithinMs} ms after the request`);
    expect(run.status).toBe('CANCELLED');
    expect(run.error).toBe('cancelled on request');
    // The operation would take 60 s; cancellation is expected within about a second (bound: 5 s on a loaded machine).
    expect(stoppedWithinMs).toBeLessThan(5_000);
    const results = await database.db.tenant(seeded.tenantId).assertionResult.findMany({ where: { runId } });
    expect(results.every((r) => r.status !== 'PASS')).toBe(true);
    const events = await finishedRunEvents(redis, runId);
    expect(events.at(-1)?.event).toMatchObject({ type: 'run.finished', status: 'cancelled' });
  });

  it('cancels a queued run at once, and its job does nothing', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: mock.url, yaml: LONG, plan: 'FREE' });
    // FREE allows one run at a time: the first holds the slot, the second waits in fair admission.
    const first = await queueRun(database.db, redis, seeded, { cap: 1 });
    const second = await queueRun(database.db, redis, seeded, { cap: 1 });
    const deps = { ...cancelDeps(), db: database.db.tenant(seeded.tenantId) };
    expect(await cancelRun(deps, second)).toEqual({ outcome: 'cancelled' });
    expect((await runRow(database.db, second))?.status).toBe('CANCELLED');
    expect(await deps.fair.isPending(second)).toBe(false);
    await cancelRun(deps, first);
    expect((await finished(first)).status).toBe('CANCELLED');
    expect(await cancelRun(deps, first)).toEqual({ outcome: 'already_finished', status: 'CANCELLED' });
    expect((await runRow(database.db, second))?.attempts).toBe(0);
  });

  it('stops a run at the plan time limit with an error that names it', async () => {
    const seeded = await seedSuite(database.db, {
      serverUrl: mock.url,
      plan: 'FREE',
      yaml: `
assertions:
  - name: waits forever
    timeout: 120s
    assert: { tool: very_slow, expect: { not_error: true } }
`,
    });
    const run = await finished(await queueRun(database.db, redis, seeded, { cap: 1 }));
    expect(run.status).toBe('ERROR');
    expect(run.error).toBe('the run exceeded its time limit of 4 s and was stopped');
    expect(run.durationMs).toBeGreaterThanOrEqual(3_500);
  });

  it('hands running runs back on shutdown; another worker finishes them once', async () => {
    const seeded = await seedSuite(database.db, {
      serverUrl: mock.url,
      plan: 'TEAM',
      yaml: `
assertions:
  - name: one
    assert: { tool: slow, args: { n: 1 }, expect: { contains: [slow 1] } }
  - name: two
    assert: { tool: slow, args: { n: 2 }, expect: { contains: [slow 2] } }
  - name: three
    assert: { tool: slow, args: { n: 3 }, expect: { contains: [slow 3] } }
`,
    });
    const leaving = await startTestWorker(database, redis, { WORKER_SHUTDOWN_GRACE_SECONDS: '0' });
    // Only the leaving worker takes jobs while the run starts.
    await worker.stop();
    const runId = await queueRun(database.db, redis, seeded, { cap: 4 });
    await waitFor('the run to start', async () =>
      (await runRow(database.db, runId))?.status === 'RUNNING' ? true : undefined,
    );
    await leaving.stop();
    expect(
      leaving.lines.map((l) => l.msg),
      JSON.stringify(leaving.lines),
    ).toContain('worker shutting down: run handed back to the queue');
    expect((await runRow(database.db, runId))?.status).toBe('QUEUED');

    worker = await startTestWorker(database, redis);
    const run = await finished(runId);
    expect(run).toMatchObject({ status: 'PASSED', total: 3, passed: 3, attempts: 2 });
    const rows = await database.db.tenant(seeded.tenantId).assertionResult.findMany({ where: { runId } });
    expect(rows).toHaveLength(3);
  });
});
