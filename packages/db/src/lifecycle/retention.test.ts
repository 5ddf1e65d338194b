// Retention against a real Postgres: what each plan's cutoff deletes, what it must keep, and the batch bounds.
import { DEFAULT_PLAN_LIMITS, type PlanName } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { seedSuite } from '../../../../test/worker';
import { seedRun } from '../runs/seed-run';
import { deleteExpiredRows } from './delete-expired-rows';
import { deleteExpiredRuns } from './delete-expired-runs';
import { deleteUnreferencedSurfaceSnapshots } from './delete-unreferenced-surface-snapshots';
import { pruneExpiredTranscripts } from './prune-expired-transcripts';

const database = useTestDatabase();
const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

async function suiteOf(plan: PlanName) {
  return seedSuite(database.db, { serverUrl: 'http://127.0.0.1:1/mcp', yaml: 'assertions: []\n', plan });
}

/** A finished (or given-status) run created `age` days ago with `results` results, each with a 100-byte transcript. */
async function runWithResults(
  s: { tenantId: string; suiteId: string },
  age: number,
  results: number,
  status: 'PASSED' | 'RUNNING' | 'QUEUED' = 'PASSED',
) {
  const db = database.db.tenant(s.tenantId);
  const run = await seedRun(db, { suiteId: s.suiteId, status, total: results, queuedAt: daysAgo(age) });
  await db.assertionResult.createMany({
    data: Array.from({ length: results }, (_, i) => ({
      tenantId: s.tenantId,
      runId: run.id,
      assertionKey: `a${i}`,
      name: `a${i}`,
      status: 'PASS' as const,
      transcript: [{ padding: 'x'.repeat(80) }],
      transcriptBytes: 100,
      createdAt: daysAgo(age),
    })),
  });
  return run.id;
}

async function transcriptBytes(tenantId: string) {
  const tenant = await database.db.global.tenant.findUniqueOrThrow({ where: { id: tenantId } });
  // eslint-disable-next-line no-restricted-properties -- the test compares the tenant's counter with its rows.
  const sum = await database.db.unscoped.assertionResult.aggregate({
    where: { tenantId },
    _sum: { transcriptBytes: true },
  });
  return { counter: Number(tenant.transcriptBytes), rows: sum._sum.transcriptBytes ?? 0 };
}

async function drain<T extends number | { runs: number; assertionResults: number }>(step: () => Promise<T>) {
  const seen: T[] = [];
  for (;;) {
    const n = await step();
    seen.push(n);
    if ((typeof n === 'number' ? n : n.runs + n.assertionResults) === 0) return seen;
  }
}

describe('run retention', () => {
  it('deletes exactly the expired runs of the plan, keeping baselines, unfinished runs and other plans', async () => {
    const free = await suiteOf('FREE');
    const team = await suiteOf('TEAM');
    const freeDays = DEFAULT_PLAN_LIMITS.FREE.runRetentionDays;
    const expired = await runWithResults(free, freeDays + 10, 3);
    const baseline = await runWithResults(free, freeDays + 10, 2);
    await database.db
      .tenant(free.tenantId)
      .baseline.create({ data: { tenantId: free.tenantId, suiteId: free.suiteId, runId: baseline, results: {} } });
    const running = await runWithResults(free, freeDays + 10, 1, 'RUNNING');
    const queued = await runWithResults(free, freeDays + 10, 0, 'QUEUED');
    const recent = await runWithResults(free, freeDays - 5, 2);
    // Older than FREE keeps, younger than TEAM keeps: another plan's cutoff must not touch it.
    const teamKept = await runWithResults(team, freeDays + 10, 2);
    const teamExpired = await runWithResults(team, DEFAULT_PLAN_LIMITS.TEAM.runRetentionDays + 1, 4);
    const db = database.db.tenant(free.tenantId);
    await db.runOutbox.create({ data: { tenantId: free.tenantId, runId: expired, kind: 'run.finished', payload: {} } });

    for (const plan of ['FREE', 'TEAM', 'ENTERPRISE'] as const) {
      const before = daysAgo(DEFAULT_PLAN_LIMITS[plan].runRetentionDays);
      await drain(() => deleteExpiredRuns(database.db, { plan, before, batchSize: 1000, runsPerBatch: 100 }));
    }

    // eslint-disable-next-line no-restricted-properties -- the test reads every tenant's runs at once.
    const left = (await database.db.unscoped.run.findMany({ select: { id: true } })).map((r) => r.id).sort();
    expect(left).toEqual([baseline, running, queued, recent, teamKept].sort());
    // eslint-disable-next-line no-restricted-properties -- as above.
    const results = await database.db.unscoped.assertionResult.groupBy({ by: ['runId'], _count: true });
    expect(Object.fromEntries(results.map((r) => [r.runId, r._count]))).toEqual({
      [baseline]: 2,
      [running]: 1,
      [recent]: 2,
      [teamKept]: 2,
    });
    expect(await db.runOutbox.count()).toBe(0);
    expect(teamExpired).not.toBe(teamKept);
    // The deleted results' transcripts are given back to the tenant's quota, once each.
    for (const s of [free, team]) {
      const bytes = await transcriptBytes(s.tenantId);
      expect(bytes.counter).toBe(bytes.rows);
    }
    expect((await transcriptBytes(free.tenantId)).counter).toBe(500);
  });

  it('deletes at most batchSize results per statement, then the emptied runs', async () => {
    const free = await suiteOf('FREE');
    const old = DEFAULT_PLAN_LIMITS.FREE.runRetentionDays + 1;
    const big = await runWithResults(free, old, 25);
    const small = await runWithResults(free, old, 3);
    const before = daysAgo(DEFAULT_PLAN_LIMITS.FREE.runRetentionDays);
    const steps = await drain(() =>
      deleteExpiredRuns(database.db, { plan: 'FREE', before, batchSize: 10, runsPerBatch: 5 }),
    );
    expect(steps).toEqual([
      { runs: 0, assertionResults: 10 },
      { runs: 0, assertionResults: 10 },
      { runs: 2, assertionResults: 8 },
      { runs: 0, assertionResults: 0 },
    ]);
    expect(await database.db.tenant(free.tenantId).run.count({ where: { id: { in: [big, small] } } })).toBe(0);
    // runsPerBatch bounds the runs a statement takes.
    for (let i = 0; i < 3; i += 1) await runWithResults(free, old, 0);
    expect(await deleteExpiredRuns(database.db, { plan: 'FREE', before, batchSize: 10, runsPerBatch: 2 })).toEqual({
      runs: 2,
      assertionResults: 0,
    });
  });
});

describe('transcript retention', () => {
  it('removes expired transcripts in batches, keeps the results, and gives the bytes back to the quota', async () => {
    // ENTERPRISE: the other tests of this file leave FREE and TEAM tenants with results of their own.
    const free = await suiteOf('ENTERPRISE');
    const team = await suiteOf('TEAM');
    const days = DEFAULT_PLAN_LIMITS.ENTERPRISE.transcriptRetentionDays;
    const old = await runWithResults(free, days + 1, 10);
    const fresh = await runWithResults(free, days - 1, 2);
    const teamRun = await runWithResults(team, DEFAULT_PLAN_LIMITS.TEAM.transcriptRetentionDays - 1, 2);
    const steps = await drain(() =>
      pruneExpiredTranscripts(database.db, { plan: 'ENTERPRISE', before: daysAgo(days), batchSize: 4 }),
    );
    expect(steps).toEqual([4, 4, 2, 0]);
    const db = database.db.tenant(free.tenantId);
    expect(await db.assertionResult.count({ where: { runId: old } })).toBe(10);
    expect(await db.assertionResult.count({ where: { runId: old, transcriptBytes: { gt: 0 } } })).toBe(0);
    expect(await db.assertionResult.count({ where: { runId: fresh, transcriptBytes: 100 } })).toBe(2);
    expect(await transcriptBytes(free.tenantId)).toEqual({ counter: 200, rows: 200 });
    // The TEAM tenant's results are within TEAM's transcript retention.
    expect(await transcriptBytes(team.tenantId)).toEqual({ counter: 200, rows: 200 });
    expect(teamRun).toBeTruthy();
  });
});

describe('other tables', () => {
  it('deletes sent deliveries, audit entries and rollups past their cutoffs, and unreferenced surfaces', async () => {
    const free = await suiteOf('FREE');
    const t = free.tenantId;
    const db = database.db.tenant(t);
    const webhook = await db.webhook.create({
      data: {
        tenantId: t,
        projectId: free.projectId,
        url: 'https://h.example',
        secretEncrypted: new Uint8Array([1]),
        secretKeyId: 'k',
        events: [],
      },
    });
    const delivery = (status: 'SUCCEEDED' | 'PENDING', age: number) =>
      db.webhookDelivery.create({
        data: {
          tenantId: t,
          webhookId: webhook.id,
          event: 'run.completed',
          payload: {},
          status,
          createdAt: daysAgo(age),
        },
        select: { id: true },
      });
    const oldSent = await delivery('SUCCEEDED', 40);
    const oldPending = await delivery('PENDING', 40);
    const recentSent = await delivery('SUCCEEDED', 5);
    await db.auditLog.create({ data: { tenantId: t, action: 'old', createdAt: daysAgo(100) } });
    await db.auditLog.create({ data: { tenantId: t, action: 'new', createdAt: daysAgo(10) } });
    await db.suiteDay.create({ data: { tenantId: t, suiteId: free.suiteId, day: daysAgo(500), runs: 1 } });
    await db.suiteDay.create({ data: { tenantId: t, suiteId: free.suiteId, day: daysAgo(100), runs: 1 } });

    const outbox = async (age: number, done: boolean) => {
      const run = await seedRun(db, { suiteId: free.suiteId, status: 'PASSED' });
      const at = daysAgo(age);
      await db.runOutbox.create({
        data: {
          tenantId: t,
          runId: run.id,
          kind: 'run.finished',
          payload: {},
          createdAt: at,
          doneAt: done ? at : null,
        },
      });
      return run.id;
    };
    await outbox(40, true);
    const notDone = await outbox(40, false);
    const recentDone = await outbox(5, true);

    const cut = (table: Parameters<typeof deleteExpiredRows>[1]['table'], days: number) =>
      deleteExpiredRows(database.db, { table, plan: 'FREE', before: daysAgo(days), batchSize: 100 });
    expect(await cut('WebhookDelivery', 30)).toBe(1);
    // Done outbox rows go with the deliveries; one not done is still to be replayed.
    expect(await cut('RunOutbox', 30)).toBe(1);
    const outboxRuns = (await db.runOutbox.findMany({ select: { runId: true } })).map((o) => o.runId).sort();
    expect(outboxRuns).toEqual([notDone, recentDone].sort());
    expect(await cut('AuditLog', 90)).toBe(1);
    expect(await cut('SuiteDay', 400)).toBe(1);
    // The same tables of an ENTERPRISE cutoff touch no FREE tenant's rows.
    expect(
      await deleteExpiredRows(database.db, { table: 'AuditLog', plan: 'ENTERPRISE', before: NOW, batchSize: 100 }),
    ).toBe(0);
    const ids = (await db.webhookDelivery.findMany({ select: { id: true } })).map((d) => d.id).sort();
    expect(ids).toEqual([oldPending.id, recentSent.id].sort());
    expect(oldSent.id).toBeTruthy();
    const entries = await db.auditLog.findMany({ where: { action: { in: ['old', 'new'] } } });
    expect(entries.map((a) => a.action)).toEqual(['new']);
    expect(await db.suiteDay.count()).toBe(1);

    // Surfaces: old unreferenced goes; the current one, the approved one and a kept change's ends stay.
    const snapshot = (hash: string, age: number) =>
      db.surfaceSnapshot.create({
        data: {
          tenantId: t,
          serverId: free.serverId,
          hash,
          surface: {},
          firstSeenAt: daysAgo(age),
          lastSeenAt: daysAgo(age),
        },
      });
    for (const hash of ['gone', 'current', 'approved', 'from', 'to', 'fresh'])
      await snapshot(hash, hash === 'fresh' ? 1 : 60);
    await db.server.updateMany({
      where: { id: free.serverId },
      data: { surfaceHash: 'current', approvedSurfaceHash: 'approved' },
    });
    await db.surfaceChange.create({
      data: {
        tenantId: t,
        serverId: free.serverId,
        fromHash: 'from',
        toHash: 'to',
        diff: {},
        loud: false,
        source: 'run',
        detectedAt: daysAgo(5),
      },
    });
    expect(
      await deleteUnreferencedSurfaceSnapshots(database.db, { plan: 'FREE', before: daysAgo(30), batchSize: 100 }),
    ).toBe(1);
    const hashes = (await db.surfaceSnapshot.findMany({ select: { hash: true } })).map((s) => s.hash).sort();
    expect(hashes).toEqual(['approved', 'current', 'fresh', 'from', 'to']);
  });
});
