// The retention pass over a real Postgres: every plan and table in bounded statements, counted in the metrics.
import { DEFAULT_PLAN_LIMITS, resolvePlanTable } from '@mcptest/core';
import { seedRun } from '@mcptest/db';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { seedSuite } from '../../../../test/worker';
import { createWorkerMetrics } from '../observability/metrics';
import { runRetentionPass } from './run-retention-pass';

const database = useTestDatabase();
const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

async function expiredRun(tenantId: string, suiteId: string, age: number, results: number) {
  const db = database.db.tenant(tenantId);
  const run = await seedRun(db, { suiteId, status: 'PASSED', total: results, queuedAt: daysAgo(age) });
  await db.assertionResult.createMany({
    data: Array.from({ length: results }, (_, i) => ({
      tenantId,
      runId: run.id,
      assertionKey: `a${i}`,
      name: `a${i}`,
      status: 'PASS' as const,
      transcript: ['x'],
      transcriptBytes: 5,
      createdAt: daysAgo(age),
    })),
  });
  return run.id;
}

async function counter(metrics: ReturnType<typeof createWorkerMetrics>) {
  const values = (await metrics.retentionRowsDeleted.get()).values;
  return Object.fromEntries(values.map((v) => [String(v.labels.table), v.value]));
}

describe('runRetentionPass', () => {
  it('deletes what every plan no longer keeps in statements of at most batchSize rows, and reports it', async () => {
    const free = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:1/mcp',
      yaml: 'assertions: []\n',
      plan: 'FREE',
    });
    const ent = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:1/mcp',
      yaml: 'assertions: []\n',
      plan: 'ENTERPRISE',
    });
    const old = DEFAULT_PLAN_LIMITS.FREE.runRetentionDays + 1;
    for (let i = 0; i < 4; i += 1) await expiredRun(free.tenantId, free.suiteId, old, 6);
    const kept = await expiredRun(ent.tenantId, ent.suiteId, old, 6);
    // Within FREE's runs, past its transcripts.
    const pruned = await expiredRun(
      free.tenantId,
      free.suiteId,
      DEFAULT_PLAN_LIMITS.FREE.transcriptRetentionDays + 1,
      3,
    );
    await database.db
      .tenant(free.tenantId)
      .auditLog.create({ data: { tenantId: free.tenantId, action: 'x', createdAt: daysAgo(400) } });

    const metrics = createWorkerMetrics();
    const report = await runRetentionPass(
      { db: database.db, plans: resolvePlanTable(), metrics, now: () => NOW },
      { batchSize: 5, runsPerBatch: 2, pauseMs: 0, maxPassMs: 60_000 },
    );
    expect(report.complete).toBe(true);
    expect(report.deleted).toEqual({ Run: 4, AssertionResult: 24, 'AssertionResult.transcript': 3, AuditLog: 1 });
    expect(await counter(metrics)).toEqual(report.deleted);
    // 24 results at 5 a statement over runs taken 2 at a time: never one statement for all of them.
    expect(report.batches).toBeGreaterThanOrEqual(24 / 5);
    const db = database.db.tenant(free.tenantId);
    expect(await db.run.findMany({ select: { id: true } })).toEqual([{ id: pruned }]);
    expect(await database.db.tenant(ent.tenantId).assertionResult.count({ where: { runId: kept } })).toBe(6);
    const tenant = await database.db.global.tenant.findUniqueOrThrow({ where: { id: free.tenantId } });
    expect(Number(tenant.transcriptBytes)).toBe(0);
  });

  it('stops between statements when its time is up, leaving the rest to the next pass', async () => {
    const free = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:1/mcp',
      yaml: 'assertions: []\n',
      plan: 'FREE',
    });
    await expiredRun(free.tenantId, free.suiteId, DEFAULT_PLAN_LIMITS.FREE.runRetentionDays + 1, 3);
    const deps = { db: database.db, plans: resolvePlanTable(), metrics: createWorkerMetrics(), now: () => NOW };
    const settings = { batchSize: 1, runsPerBatch: 1, pauseMs: 200, maxPassMs: 100 };
    const first = await runRetentionPass(deps, settings);
    expect(first.complete).toBe(false);
    expect(first.batches).toBe(1);
    const aborted = new AbortController();
    aborted.abort();
    expect((await runRetentionPass(deps, { ...settings, maxPassMs: 60_000 }, aborted.signal)).batches).toBe(0);
    const rest = await runRetentionPass(deps, { ...settings, pauseMs: 0, maxPassMs: 60_000 });
    expect(rest.complete).toBe(true);
    expect(await database.db.tenant(free.tenantId).run.count()).toBe(0);
  });
});
