// Scheduled regression runs: a suite's cron arms Suite.nextFireAt, and the worker's schedule ticker fires due slots
// (FOR UPDATE SKIP LOCKED claims with a lease) into SCHEDULE runs keyed by the slot.
import { describe, expect, it } from 'vitest';
import { nextScheduleFireAt } from '@mcptest/core';
import { createQueuedRun, type Database } from '@mcptest/db';
import { useTestDatabase } from '../../../../test/db';
import { useTestRedis } from '../../../../test/redis';
import { seedSuite, startTestWorker, waitFor, useWorkerMock } from '../../../../test/worker';
import { startScheduleLoop, type ScheduleTickReport } from './start-schedule-loop';

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useWorkerMock();

const SUITE = `
assertions:
  - name: finds
    assert: { tool: search, args: { q: x }, expect: { contains: [found x] } }
`;
const SETTINGS = { tickMs: 1000, batchSize: 25, concurrency: 8, leaseMs: 60_000 };
const FIVE_MIN = '*/5 * * * *';

/** A worker whose own tickers are off, for loops driven by a test clock. */
async function quietWorker() {
  return startTestWorker(database, redis, {
    SCHEDULE_ENABLED: 'false',
    MONITOR_ENABLED: 'false',
    RECONCILE_INTERVAL_SECONDS: '600',
  });
}

/** `count` more suites on the seeded suite's project and server, each armed at `nextFireAt`. */
async function moreSuites(db: Database, seeded: Awaited<ReturnType<typeof seedSuite>>, count: number, at: Date) {
  const tdb = db.tenant(seeded.tenantId);
  await tdb.suite.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      tenantId: seeded.tenantId,
      projectId: seeded.projectId,
      serverId: seeded.serverId,
      name: `more ${i}`,
      yaml: 'assertions: []\n',
      badgeKey: `more-${i}-${Math.random().toString(36).slice(2)}`,
      schedule: FIVE_MIN,
    })),
  });
  await tdb.suite.updateMany({ where: { projectId: seeded.projectId }, data: { nextFireAt: at } });
  return (await tdb.suite.findMany({ where: { projectId: seeded.projectId }, select: { id: true } })).map((s) => s.id);
}

/** The tests share one database and clock back to 2026-01-05: a test's suites must not be due in the next one. */
const disarm = (db: Database, tenantId: string) =>
  db.tenant(tenantId).suite.updateMany({ where: {}, data: { enabled: false, nextFireAt: null, fireLeaseUntil: null } });

const nextFireAt = async (db: Database, tenantId: string, suiteId: string) =>
  (await db.tenant(tenantId).suite.findFirst({ where: { id: suiteId }, select: { nextFireAt: true } }))?.nextFireAt;

describe('scheduled runs', () => {
  it(
    'fires at the slots of a seconds cron, records SCHEDULE runs against the baseline, and stops when unscheduled',
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
        SCHEDULE_TICK_MS: '100',
      });
      const tdb = database.db.tenant(seeded.tenantId);
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
          // Fired for an even second (the slot, in its key: a 6-field cron fires on its second, no offset), and
          // queued after it. How long after depends on the machine's load, so only the slot is exact.
          expect(run.idempotencyKey).toMatch(/^schedule:\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
          const slot = Date.parse((run.idempotencyKey ?? '').slice('schedule:'.length));
          expect(slot % 2000, `slot ${slot}`).toBe(0);
          expect(run.queuedAt.getTime()).toBeGreaterThanOrEqual(slot);
        }
        expect(new Set(runs.map((r) => r.idempotencyKey)).size).toBe(runs.length);
        const baseline = await tdb.baseline.findFirst({ where: { suiteId: seeded.suiteId } });
        expect(runs.map((r) => r.id)).toContain(baseline?.runId);

        // Unscheduled directly (the flags and the cron are checked at the claim, whatever nextFireAt says): no new run.
        await tdb.suite.updateMany({ where: { id: seeded.suiteId }, data: { schedule: null } });
        await new Promise((r) => setTimeout(r, 500));
        const settled = await tdb.run.count({ where: { suiteId: seeded.suiteId } });
        await new Promise((r) => setTimeout(r, 3_000));
        expect(await tdb.run.count({ where: { suiteId: seeded.suiteId } })).toBe(settled);
      } finally {
        await worker.stop();
      }
    },
  );

  it('fires each due slot exactly once across two workers ticking at once, then nothing until the next slot', async () => {
    const seeded = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:9/mcp',
      yaml: SUITE,
      plan: 'TEAM',
      schedule: FIVE_MIN,
    });
    const slot = new Date(Date.parse('2026-01-05T10:00:00Z'));
    const ids = await moreSuites(database.db, seeded, 119, slot);
    const worker = await quietWorker();
    try {
      const now = new Date(slot.getTime() + 1_000);
      const a = startScheduleLoop({ ...worker.deps, now: () => now }, SETTINGS, { autoStart: false });
      const b = startScheduleLoop({ ...worker.deps, now: () => now }, SETTINGS, { autoStart: false });
      const reports: ScheduleTickReport[] = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      expect(reports.reduce((n, r) => n + r.fired, 0)).toBe(120);
      expect(reports.reduce((n, r) => n + r.alreadyFired, 0)).toBe(0);
      const runs = await database.db.tenant(seeded.tenantId).run.findMany({
        where: { trigger: 'SCHEDULE' },
        select: { suiteId: true, idempotencyKey: true },
      });
      expect(runs).toHaveLength(120);
      expect(new Set(runs.map((r) => r.suiteId))).toEqual(new Set(ids));
      for (const run of runs) expect(run.idempotencyKey).toBe(`schedule:${slot.toISOString()}`);
      // Each row moved to its own next slot (10:05 plus its second) and lost its lease.
      for (const id of ids.slice(0, 5)) {
        expect((await nextFireAt(database.db, seeded.tenantId, id))?.getTime()).toBe(
          nextScheduleFireAt({ suiteId: id, cron: FIVE_MIN, timezone: 'UTC', afterMs: now.getTime() }),
        );
      }
      expect(await database.db.tenant(seeded.tenantId).suite.count({ where: { fireLeaseUntil: { not: null } } })).toBe(
        0,
      );
      expect((await a.tick()).claimed + (await b.tick()).claimed).toBe(0);
    } finally {
      await disarm(database.db, seeded.tenantId);
      await worker.stop();
    }
  });

  it('does not fire paused, disabled or deleted suites', async () => {
    const seeded = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:9/mcp',
      yaml: SUITE,
      plan: 'TEAM',
      schedule: FIVE_MIN,
    });
    const slot = new Date(Date.parse('2026-01-05T10:00:00Z'));
    const ids = await moreSuites(database.db, seeded, 3, slot);
    const tdb = database.db.tenant(seeded.tenantId);
    // Written directly, leaving nextFireAt armed: the claim itself must refuse them.
    await tdb.suite.updateMany({ where: { id: ids[0]! }, data: { scheduleEnabled: false } });
    await tdb.suite.updateMany({ where: { id: ids[1]! }, data: { enabled: false } });
    await tdb.suite.deleteMany({ where: { id: ids[2]! } });
    const worker = await quietWorker();
    try {
      const loop = startScheduleLoop({ ...worker.deps, now: () => new Date(slot.getTime() + 1_000) }, SETTINGS, {
        autoStart: false,
      });
      const report = await loop.tick();
      expect(report).toMatchObject({ claimed: 1, fired: 1 });
      const runs = await tdb.run.findMany({ where: { trigger: 'SCHEDULE' }, select: { suiteId: true } });
      expect(runs.map((r) => r.suiteId)).toEqual([ids[3]]);
    } finally {
      await disarm(database.db, seeded.tenantId);
      await worker.stop();
    }
  });

  it('does not fire a schedule more frequent than its plan allows, and moves it to its next slot', async () => {
    // FREE allows hourly schedules; this one was saved before a downgrade (or by an older version).
    const seeded = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:9/mcp',
      yaml: SUITE,
      plan: 'FREE',
      schedule: FIVE_MIN,
    });
    const slot = new Date(Date.parse('2026-01-05T10:00:00Z'));
    await database.db
      .tenant(seeded.tenantId)
      .suite.updateMany({ where: { id: seeded.suiteId }, data: { nextFireAt: slot } });
    const worker = await quietWorker();
    try {
      const now = new Date(slot.getTime() + 1_000);
      const loop = startScheduleLoop({ ...worker.deps, now: () => now }, SETTINGS, { autoStart: false });
      expect(await loop.tick()).toMatchObject({ claimed: 1, fired: 0, notAllowed: 1 });
      expect(await database.db.tenant(seeded.tenantId).run.count({ where: { suiteId: seeded.suiteId } })).toBe(0);
      expect(worker.lines.find((l) => l.msg === 'schedule not allowed' && l.suiteId === seeded.suiteId)).toMatchObject({
        reason: expect.stringContaining('every 5 min'),
      });
      expect((await nextFireAt(database.db, seeded.tenantId, seeded.suiteId))?.getTime()).toBe(
        nextScheduleFireAt({ suiteId: seeded.suiteId, cron: FIVE_MIN, timezone: 'UTC', afterMs: now.getTime() }),
      );
    } finally {
      await disarm(database.db, seeded.tenantId);
      await worker.stop();
    }
  });

  it('after downtime fires the missed schedule once, not once per missed slot', async () => {
    const seeded = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:9/mcp',
      yaml: SUITE,
      plan: 'TEAM',
      schedule: FIVE_MIN,
    });
    // Down for three hours: 36 slots of a 5-minute schedule missed.
    const missed = new Date(Date.parse('2026-01-05T10:00:00Z'));
    await database.db
      .tenant(seeded.tenantId)
      .suite.updateMany({ where: { id: seeded.suiteId }, data: { nextFireAt: missed } });
    const worker = await quietWorker();
    try {
      const now = new Date(missed.getTime() + 3 * 3_600_000 + 1_000);
      const loop = startScheduleLoop({ ...worker.deps, now: () => now }, SETTINGS, { autoStart: false });
      expect(await loop.tick()).toMatchObject({ claimed: 1, fired: 1 });
      expect(await loop.tick()).toMatchObject({ claimed: 0, fired: 0 });
      const runs = await database.db
        .tenant(seeded.tenantId)
        .run.findMany({ where: { suiteId: seeded.suiteId }, select: { idempotencyKey: true } });
      expect(runs).toEqual([{ idempotencyKey: `schedule:${missed.toISOString()}` }]);
      const next = await nextFireAt(database.db, seeded.tenantId, seeded.suiteId);
      expect(next!.getTime()).toBeGreaterThan(now.getTime());
      expect(next!.getTime() - now.getTime()).toBeLessThanOrEqual(300_000);
    } finally {
      await disarm(database.db, seeded.tenantId);
      await worker.stop();
    }
  });

  it("leaves a dead worker's claim alone until its lease ends, then fires the same slot into the run it made", async () => {
    const seeded = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:9/mcp',
      yaml: SUITE,
      plan: 'TEAM',
      schedule: FIVE_MIN,
    });
    const slot = new Date(Date.parse('2026-01-05T10:00:00Z'));
    const tdb = database.db.tenant(seeded.tenantId);
    // The dead worker claimed the slot (lease to 10:01:01) and created the run, then died before settling.
    await tdb.suite.updateMany({
      where: { id: seeded.suiteId },
      data: { nextFireAt: slot, fireLeaseUntil: new Date(slot.getTime() + 61_000) },
    });
    const { run } = await createQueuedRun(tdb, {
      suiteId: seeded.suiteId,
      trigger: 'SCHEDULE',
      idempotencyKey: `schedule:${slot.toISOString()}`,
    });
    const worker = await quietWorker();
    try {
      let now = new Date(slot.getTime() + 30_000);
      const loop = startScheduleLoop({ ...worker.deps, now: () => now }, SETTINGS, { autoStart: false });
      expect(await loop.tick()).toMatchObject({ claimed: 0 });
      now = new Date(slot.getTime() + 62_000);
      expect(await loop.tick()).toMatchObject({ claimed: 1, fired: 0, alreadyFired: 1 });
      expect(await tdb.run.findMany({ where: { suiteId: seeded.suiteId }, select: { id: true } })).toEqual([
        { id: run.id },
      ]);
    } finally {
      await disarm(database.db, seeded.tenantId);
      await worker.stop();
    }
  });

  it('arms, in the reconciler, a scheduled suite saved without a nextFireAt (before the column existed)', async () => {
    const seeded = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:9/mcp',
      yaml: SUITE,
      plan: 'TEAM',
      schedule: '0 3 * * *',
      timezone: 'Europe/Paris',
    });
    const tdb = database.db.tenant(seeded.tenantId);
    await tdb.suite.updateMany({ where: { id: seeded.suiteId }, data: { nextFireAt: null } });
    const worker = await quietWorker();
    try {
      const before = Date.now();
      expect(await worker.reconcile()).toMatchObject({ schedulesArmed: 1 });
      const armed = await nextFireAt(database.db, seeded.tenantId, seeded.suiteId);
      expect(armed?.getTime()).toBe(
        nextScheduleFireAt({
          suiteId: seeded.suiteId,
          cron: '0 3 * * *',
          timezone: 'Europe/Paris',
          afterMs: armed!.getTime() - 1,
        }),
      );
      expect(armed!.getTime()).toBeGreaterThan(before);
      expect(await worker.reconcile()).toMatchObject({ schedulesArmed: 0 });
    } finally {
      await disarm(database.db, seeded.tenantId);
      await worker.stop();
    }
  });
});
