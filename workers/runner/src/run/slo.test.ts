// Latency SLOs of hosted runs (docs/health.md#latency-slos): a real worker runs a suite with `slo:` against two real
// mock servers, one answering at once and one after a delay; the test moves the registered server between them, so it
// controls the latency each run measures. The run that takes the window's p95 over the target stores the breach and
// delivers `slo.breached` once; runs that stay breached deliver nothing more; once met again, a new breach raises it.
import { DEV_ENCRYPTION_KEYS, parseSloBreaches, toRunResource } from '@mcptest/core';
import { createSecretBox, findRunResults, secretContext } from '@mcptest/db';
import { loadMockDefinition, startMockServer, type MockServerHandle } from '@mcptest/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { useTestRedis } from '../../../../test/redis';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/webhook-receiver';
import {
  queueRun,
  seedSuite,
  startTestWorker,
  waitFor,
  waitForRunEnd,
  type SeededSuite,
} from '../../../../test/worker';
import { readWorkerEnv } from '../env';

const database = useTestDatabase();
const redis = useTestRedis();
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let fast: MockServerHandle;
let slow: MockServerHandle;
let receiver: WebhookReceiver;

const SLOW_MS = 1500;
// Far from both: a fast run on a busy machine stays well under it, a slow run is always over.
const TARGET_MS = 1000;

function mock(delayMs: number): string {
  return `
mock_server:
  name: latency
  tools:
    - name: lookup
      annotations: { readOnlyHint: true }
      delay_ms: ${delayMs}
      response: { content: [ { type: text, text: "found" } ] }
`;
}

async function startMock(delayMs: number): Promise<MockServerHandle> {
  const loaded = loadMockDefinition(mock(delayMs), 'mock.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return startMockServer({ definition: loaded.definition });
}

beforeAll(async () => {
  worker = await startTestWorker(database, redis);
  [fast, slow, receiver] = await Promise.all([startMock(0), startMock(SLOW_MS), startWebhookReceiver()]);
});
afterAll(async () => {
  await worker?.stop();
  await Promise.all([fast?.close(), slow?.close(), receiver?.close()]);
});

const SUITE = `
name: latency
timeout: 15s
slo: { p95_ms: ${TARGET_MS}, over: "3 runs" }
assertions:
  - name: lookup answers
    assert: { tool: lookup, expect: { contains: [found] } }
`;

async function subscribe(seeded: SeededSuite): Promise<void> {
  const box = createSecretBox(readWorkerEnv({ MCPTEST_ENCRYPTION_KEYS: DEV_ENCRYPTION_KEYS }).MCPTEST_ENCRYPTION_KEYS);
  const sealed = box.seal(
    `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
    secretContext.webhookSecret(seeded.tenantId),
  );
  await database.db.tenant(seeded.tenantId).webhook.create({
    data: {
      tenantId: seeded.tenantId,
      projectId: seeded.projectId,
      url: `${receiver.url}/slo`,
      events: ['slo.breached'],
      secretEncrypted: sealed.data,
      secretKeyId: sealed.keyId,
    },
  });
}

describe('latency SLO of hosted runs', () => {
  it('stores the breach and sends slo.breached when a target goes from met to breached, once while it stays so', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: fast.url, yaml: SUITE });
    await subscribe(seeded);
    const tdb = database.db.tenant(seeded.tenantId);
    const deliveries = () => tdb.webhookDelivery.count({ where: { event: 'slo.breached' } });

    /** Runs the suite against the fast or the slow server; returns the run's stored breaches (null: not judged). */
    const runAgainst = async (server: MockServerHandle) => {
      await tdb.server.update({ where: { id: seeded.serverId }, data: { url: server.url } });
      const runId = await queueRun(database.db, redis, seeded);
      const row = await waitForRunEnd(database.db, runId);
      expect(row.status).toBe('PASSED');
      const run = await tdb.run.findFirstOrThrow({ where: { id: runId } });
      return { runId, run, breaches: run.sloBreaches === null ? null : parseSloBreaches(run.sloBreaches) };
    };

    // Two fast runs: met (the second is judged on 2 runs < min(3, 5): nothing can breach yet).
    expect((await runAgainst(fast)).breaches).toEqual([]);
    expect((await runAgainst(fast)).breaches).toEqual([]);
    expect(await deliveries()).toBe(0);

    // A slow run: 3 calls in the window, the nearest-rank p95 is the slowest: breached, raised once.
    const breached = await runAgainst(slow);
    expect(breached.breaches).toEqual([
      expect.objectContaining({ tool: 'lookup', percentile: 'p95', targetMs: TARGET_MS, samples: 3, runs: 3 }),
    ]);
    expect(breached.breaches?.[0]?.observedMs).toBeGreaterThanOrEqual(SLOW_MS);
    expect(await deliveries()).toBe(1);
    const [received] = await waitFor('the slo.breached delivery', async () => {
      const got = receiver.on('/slo');
      return got.length > 0 ? got : undefined;
    });
    const body = JSON.parse(received!.body) as {
      type: string;
      data: { breaches: unknown[]; run: { id: string; sloBreaches?: unknown[] } };
    };
    expect(body.type).toBe('slo.breached');
    expect(body.data.run.id).toBe(breached.runId);
    expect(body.data.breaches).toEqual(breached.breaches);
    expect(body.data.run.sloBreaches).toEqual(breached.breaches);
    // The Run resource carries it, apart from the regressions (whose entries are assertions).
    const resource = toRunResource(breached.run, await findRunResults(tdb, breached.runId), 'https://mcptest.example');
    expect(resource.sloBreaches).toEqual(breached.breaches);
    expect(resource.regressions).toEqual([]);

    // Still breached (the slow run is in the window): stored again, not raised again.
    expect((await runAgainst(fast)).breaches).toHaveLength(1);
    expect(await deliveries()).toBe(1);

    // Three fast runs push the slow one out: met again.
    await runAgainst(fast);
    expect((await runAgainst(fast)).breaches).toEqual([]);
    // And a new breach raises it again.
    expect((await runAgainst(slow)).breaches).toHaveLength(1);
    expect(await deliveries()).toBe(2);
    await waitFor('the second delivery', async () => (receiver.on('/slo').length === 2 ? true : undefined));
  }, 120_000);

  it('judges nothing without an slo: block', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: fast.url, yaml: SUITE.replace(/^slo:.*$/m, '') });
    const runId = await queueRun(database.db, redis, seeded);
    expect((await waitForRunEnd(database.db, runId)).status).toBe('PASSED');
    const run = await database.db.tenant(seeded.tenantId).run.findFirstOrThrow({ where: { id: runId } });
    expect(run.sloBreaches).toBeNull();
    expect(toRunResource(run, [], 'https://mcptest.example')).not.toHaveProperty('sloBreaches');
  });
});
