// Cancel answers the run's real status after the request: a queued run is cancelled, a running one is still running
// (with outcome `cancelling` and cancelRequestedAt set), a finished one keeps its status.
import type { WireRunStatus } from '@mcptest/core';
import { claimRun, seedRun } from '@mcptest/db';
import { readRunEvents, webhookJobId } from '@mcptest/redis';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { seedSuite } from '../../../../../../test/worker';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { cancelRunRequest } from './cancel-run';
import { CancelRunResult } from './run-schemas';
import { triggerRun } from './trigger-run';

const database = useTestDatabase();
const redis = useTestRedis();
const deps = testServiceDeps(database, redis);
const YAML = 'assertions:\n  - name: a\n    assert: { tool: t, expect: { not_error: true } }\n';

async function queuedRun() {
  const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
  const actor = { tenantId: seeded.tenantId };
  const outcome = await triggerRun(deps, actor, seeded.suiteId, {}, { trigger: 'MANUAL' });
  if (outcome.finished) throw new Error('expected a queued run');
  return { actor, runId: outcome.id, db: database.db.tenant(seeded.tenantId) };
}

describe('cancelRunRequest', () => {
  it('a queued run: cancelled', async () => {
    const { actor, runId, db } = await queuedRun();
    const answer = await cancelRunRequest(deps, actor, runId);
    expect(CancelRunResult.parse(answer)).toEqual({ id: runId, outcome: 'cancelled', status: 'cancelled' });
    expect(await db.run.findFirstOrThrow({ where: { id: runId } })).toMatchObject({ status: 'CANCELLED' });
  });

  it('a queued run ends through the finish path: its run.completed webhook, run.finished, the outbox settled', async () => {
    const { actor, runId, db } = await queuedRun();
    const run = await db.run.findFirstOrThrow({ where: { id: runId } });
    const webhook = await db.webhook.create({
      data: {
        tenantId: actor.tenantId,
        projectId: run.projectId,
        url: 'https://hooks.example',
        secretEncrypted: new Uint8Array([1]),
        secretKeyId: 'k',
        events: ['run.completed', 'run.failed'],
      },
    });
    await cancelRunRequest(deps, actor, runId);
    const deliveries = await db.webhookDelivery.findMany({ where: { runId } });
    expect(deliveries.map((d) => [d.webhookId, d.event])).toEqual([[webhook.id, 'run.completed']]);
    expect(deliveries[0]?.payload).toMatchObject({ data: { run: { id: runId, status: 'cancelled' } } });
    const job = await deps.queues.queue('webhooks').getJob(webhookJobId(deliveries[0]!.id, 1));
    expect(job?.name).toBe('webhook.deliver');
    const events = await readRunEvents(redis.redis, redis.prefix, runId);
    expect(events.map((e) => e.event)).toEqual([
      {
        type: 'run.finished',
        status: 'cancelled',
        summary: { total: 0, passed: 0, failed: 0, skipped: 0 },
        regressions: 0,
        error: 'cancelled on request',
      },
    ]);
    expect((await db.runOutbox.findFirstOrThrow({ where: { runId } })).doneAt).not.toBeNull();
    expect(await deps.fair.isPending(runId)).toBe(false);
  });

  it('a running run: still running, with the cancel requested', async () => {
    const { actor, runId, db } = await queuedRun();
    await claimRun(db, { runId, workerId: 'test-worker', startedAt: new Date(), now: new Date() });
    const answer = await cancelRunRequest(deps, actor, runId);
    expect(CancelRunResult.parse(answer)).toEqual({ id: runId, outcome: 'cancelling', status: 'running' });
    const row = await db.run.findFirstOrThrow({ where: { id: runId } });
    expect(row.status).toBe('RUNNING');
    expect(row.cancelRequestedAt).not.toBeNull();
  });

  it.each([
    ['PASSED', 'passed'],
    ['FAILED', 'failed'],
    ['ERROR', 'error'],
    ['CANCELLED', 'cancelled'],
  ] as const)('a finished run (%s): already_finished, its own status %s', async (dbStatus, wire) => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const actor = { tenantId: seeded.tenantId };
    const db = database.db.tenant(seeded.tenantId);
    const { id: runId } = await seedRun(db, { suiteId: seeded.suiteId, status: dbStatus });
    const answer = await cancelRunRequest(deps, actor, runId);
    expect(CancelRunResult.parse(answer)).toEqual({ id: runId, outcome: 'already_finished', status: wire });
    expect(await db.run.findFirstOrThrow({ where: { id: runId } })).toMatchObject({ status: dbStatus });
  });

  it('is typed as any run status, not the literal `cancelled` it used to be cast to', () => {
    expectTypeOf<Awaited<ReturnType<typeof cancelRunRequest>>['status']>().toEqualTypeOf<WireRunStatus>();
  });

  it("is a 404 for another tenant's run", async () => {
    const { runId } = await queuedRun();
    const other = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    await expect(cancelRunRequest(deps, { tenantId: other.tenantId }, runId)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
