// The run lifecycle module against a real Postgres: every status write, the one-transaction finish, and its races.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { seedSuite } from '../../../../test/worker';
import { recordRunCancel } from './cancel-run';
import { claimRun } from './claim-run';
import { createQueuedRun } from './create-queued-run';
import { failRun } from './fail-run';
import { findStaleRunOutbox } from './find-stale-run-outbox';
import { finishRun } from './finish-run';
import { handBackRun } from './hand-back-run';
import { markRunOutboxDone } from './mark-run-outbox-done';
import { resumeRun } from './resume-run';
import { RunFinishedOutboxPayload } from './run-outbox-payload';

const database = useTestDatabase();
const APP_URL = 'https://mcptest.example';

async function setUp(events: string[] = ['run.completed', 'run.failed', 'run.regressed']) {
  const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:1/mcp', yaml: 'assertions: []\n' });
  const db = database.db.tenant(seeded.tenantId);
  const webhook = await db.webhook.create({
    data: {
      tenantId: seeded.tenantId,
      projectId: seeded.projectId,
      url: 'https://hooks.example',
      secretEncrypted: new Uint8Array([1, 2, 3]),
      secretKeyId: 'k',
      events,
    },
  });
  const { run } = await createQueuedRun(db, { suiteId: seeded.suiteId, trigger: 'SCHEDULE' });
  const result = (name: string, status: 'PASS' | 'FAIL') =>
    db.assertionResult.create({
      data: { tenantId: seeded.tenantId, runId: run.id, assertionKey: name, name, status, durationMs: 1 },
    });
  return { seeded, db, webhook, runId: run.id, result };
}

describe('run lifecycle', () => {
  it('claims, hands back, resumes and refuses to move a finished run', async () => {
    const { db, runId } = await setUp();
    const now = new Date();
    expect(await handBackRun(db, runId)).toBe(false); // QUEUED: nothing to hand back
    expect(await claimRun(db, { runId, workerId: 'w1', startedAt: now, now })).toBe(true);
    expect(await db.run.findFirst({ where: { id: runId } })).toMatchObject({ status: 'RUNNING', attempts: 1 });
    expect(await handBackRun(db, runId)).toBe(true);
    expect(await claimRun(db, { runId, workerId: 'w2', startedAt: now, now })).toBe(true);
    expect(await resumeRun(db, { id: runId, workerId: 'someone else' })).toBe(false);
    expect(await resumeRun(db, { id: runId, workerId: 'w2' })).toBe(true);
    expect(await claimRun(db, { runId, workerId: 'w3', startedAt: now, now })).toBe(true);
    const ended = await finishRun(db, { runId, event: { type: 'finish', status: 'PASSED' }, appUrl: APP_URL, now });
    expect(ended.finished).toBe(true);
    expect(await claimRun(db, { runId, workerId: 'w4', startedAt: now, now })).toBe(false);
    expect(await handBackRun(db, runId)).toBe(false);
    expect(await db.run.findFirst({ where: { id: runId } })).toMatchObject({ status: 'PASSED', attempts: 3 });
  });

  it('finishes in one transaction: status, summary, baseline, deliveries and the outbox row', async () => {
    const { db, runId, webhook, seeded, result } = await setUp();
    await result('a', 'PASS');
    await result('b', 'FAIL');
    const now = new Date('2026-11-27T10:00:00Z');
    await claimRun(db, { runId, workerId: 'w', startedAt: new Date(now.getTime() - 1500), now });
    const ended = await finishRun(db, {
      runId,
      event: { type: 'finish', status: 'FAILED' },
      appUrl: APP_URL,
      now,
      callsUsed: 2,
    });
    if (!ended.finished) throw new Error('not finished');
    expect(ended.summary).toEqual({ total: 2, passed: 1, failed: 1, skipped: 0 });
    const row = await db.run.findFirstOrThrow({ where: { id: runId } });
    expect(row).toMatchObject({
      status: 'FAILED',
      total: 2,
      failed: 1,
      durationMs: 1500,
      workerId: null,
      callsUsed: 2,
    });
    expect(row.finishedAt).toEqual(now);
    const deliveries = await db.webhookDelivery.findMany({ where: { runId }, orderBy: { event: 'asc' } });
    expect(deliveries.map((d) => [d.webhookId, d.event])).toEqual([
      [webhook.id, 'run.completed'],
      [webhook.id, 'run.failed'],
    ]);
    expect(deliveries[0]?.payload).toMatchObject({
      type: 'run.completed',
      data: { run: { id: runId, status: 'failed' } },
    });
    const payload = RunFinishedOutboxPayload.parse(ended.outbox.payload);
    expect(payload).toEqual({
      suiteId: seeded.suiteId,
      projectId: seeded.projectId,
      status: 'failed',
      summary: ended.summary,
      regressions: 0,
      deliveryIds: expect.arrayContaining(deliveries.map((d) => d.id)) as string[],
    });
    // A failed run does not advance the baseline.
    expect(await db.baseline.count({ where: { suiteId: seeded.suiteId } })).toBe(0);
    // Not done: the reconciler sees it once the grace is over, and no longer once marked done.
    const later = new Date(Date.now() + 60_000);
    expect((await findStaleRunOutbox(database.db, { now: later, graceMs: 1000 })).map((e) => e.runId)).toContain(runId);
    await markRunOutboxDone(db, ended.outbox.id, later);
    expect((await findStaleRunOutbox(database.db, { now: later, graceMs: 1000 })).map((e) => e.runId)).not.toContain(
      runId,
    );
  });

  it('advances the baseline of a passed scheduled run in the same transaction', async () => {
    const { db, runId, seeded, result } = await setUp();
    await result('a', 'PASS');
    const now = new Date();
    await claimRun(db, { runId, workerId: 'w', startedAt: now, now });
    await finishRun(db, { runId, event: { type: 'finish', status: 'PASSED' }, appUrl: APP_URL, now, suiteName: 's' });
    const baseline = await db.baseline.findFirstOrThrow({ where: { suiteId: seeded.suiteId } });
    expect(baseline).toMatchObject({
      runId,
      results: { version: 1, suite: 's', entries: [{ name: 'a', status: 'PASS' }] },
    });
  });

  it('ends a run exactly once when eight finishers race, with one outbox row and one set of deliveries', async () => {
    const { db, runId } = await setUp(['run.completed']);
    const now = new Date();
    await claimRun(db, { runId, workerId: 'w', startedAt: now, now });
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? finishRun(db, { runId, event: { type: 'finish', status: 'PASSED' }, appUrl: APP_URL, now: new Date() })
          : failRun(db, { runId, error: 'gave up', appUrl: APP_URL, now: new Date() }),
      ),
    );
    expect(outcomes.filter((o) => o.finished)).toHaveLength(1);
    expect(await db.runOutbox.count({ where: { runId } })).toBe(1);
    expect(await db.webhookDelivery.count({ where: { runId } })).toBe(1);
  });

  it('cancels a queued run through the finish path (webhooks included) and marks a running one for its worker', async () => {
    const { db, runId, seeded } = await setUp(['run.completed']);
    const cancelled = await recordRunCancel(db, { runId, appUrl: APP_URL, now: new Date() });
    expect(cancelled.outcome).toBe('cancelled');
    expect(await db.run.findFirst({ where: { id: runId } })).toMatchObject({
      status: 'CANCELLED',
      error: 'cancelled on request',
      durationMs: 0,
    });
    expect((await db.webhookDelivery.findFirstOrThrow({ where: { runId } })).payload).toMatchObject({
      type: 'run.completed',
      data: { run: { status: 'cancelled' } },
    });
    expect(await recordRunCancel(db, { runId, appUrl: APP_URL, now: new Date() })).toEqual({
      outcome: 'already_finished',
      status: 'CANCELLED',
    });

    const { run: running } = await createQueuedRun(db, { suiteId: seeded.suiteId, trigger: 'API' });
    const now = new Date();
    await claimRun(db, { runId: running.id, workerId: 'w', startedAt: now, now });
    expect(await recordRunCancel(db, { runId: running.id, appUrl: APP_URL, now })).toEqual({ outcome: 'cancelling' });
    expect(await db.run.findFirst({ where: { id: running.id } })).toMatchObject({
      status: 'RUNNING',
      cancelRequestedAt: now,
    });
    expect(await recordRunCancel(db, { runId: 'nope', appUrl: APP_URL, now })).toEqual({ outcome: 'not_found' });
  });
});
