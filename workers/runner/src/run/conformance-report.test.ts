// Hosted runs store a suite's conformance report: a real worker runs a suite with a `conformance:` block against the
// modern-only SDK v2 server (real HTTP, real Postgres and Redis); finishRun writes the one ConformanceReport row in the
// run's transaction, and the Run resource and the webhook body carry its summary.
import { DEV_ENCRYPTION_KEYS, toRunResource } from '@mcptest/core';
import { createSecretBox, findRunResults, RUN_CONFORMANCE_INCLUDE, secretContext } from '@mcptest/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { startModernServer, type ModernServer } from '../../../../test/modern-server';
import { useTestRedis } from '../../../../test/redis';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/webhook-receiver';
import { queueRun, seedSuite, startTestWorker, waitForRunEnd } from '../../../../test/worker';
import { readWorkerEnv } from '../env';

const database = useTestDatabase();
const redis = useTestRedis();
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let server: ModernServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  worker = await startTestWorker(database, redis);
  server = await startModernServer({ legacy: 'reject' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await worker?.stop();
  await server?.stop();
  await receiver?.close();
});

const SUITE = `
name: conformance hosted
timeout: 15s
conformance:
  revision: 2026-07-28
  fixtures: { simple_text_tool: { tool: echo, arguments: { message: hi } } }
  expected_failures: [completion-complete]
assertions:
  - name: echo says hi
    assert: { tool: echo, args: { message: hi }, expect: { contains: ['Echo: hi'] } }
`;

async function addWebhook(seeded: { tenantId: string; projectId: string }): Promise<void> {
  const box = createSecretBox(readWorkerEnv({ MCPTEST_ENCRYPTION_KEYS: DEV_ENCRYPTION_KEYS }).MCPTEST_ENCRYPTION_KEYS);
  const sealed = box.seal(
    `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
    secretContext.webhookSecret(seeded.tenantId),
  );
  await database.db.tenant(seeded.tenantId).webhook.create({
    data: {
      tenantId: seeded.tenantId,
      projectId: seeded.projectId,
      url: `${receiver.url}/hooks`,
      events: ['run.completed'],
      secretEncrypted: sealed.data,
      secretKeyId: sealed.keyId,
    },
  });
}

describe('the conformance report of a hosted run', () => {
  it('is stored once with the run, capped, and in the Run resource and the webhook body', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: server.url, yaml: SUITE });
    await addWebhook(seeded);
    const runId = await queueRun(database.db, redis, seeded);
    expect((await waitForRunEnd(database.db, runId)).status).toBe('PASSED');
    const tdb = database.db.tenant(seeded.tenantId);

    const reports = await tdb.conformanceReport.findMany({ where: { runId } });
    expect(reports).toHaveLength(1);
    const [report] = reports;
    expect(report).toMatchObject({
      serverId: seeded.serverId,
      suiteId: seeded.suiteId,
      revision: '2026-07-28',
      protocolVersion: '2026-07-28',
      ok: true,
      failed: 0,
      expectedFailures: 1,
      staleExpectedFailures: [],
      toolCalls: ['echo'],
    });
    const checks = report?.checks as { id: string; status: string; specUrl: string; evidence?: unknown }[];
    expect(checks).toHaveLength(report?.total ?? -1);
    expect(checks.find((c) => c.id === 'completion-complete')?.status).toBe('XFAIL');
    expect(checks.find((c) => c.id === 'tools-call-simple-text')?.status).toBe('PASS');
    for (const check of checks) expect(JSON.stringify(check.evidence ?? null).length).toBeLessThan(5 * 1024);
    expect(report!.passed + report!.warnings + report!.skipped + report!.expectedFailures).toBe(report!.total);

    // Each check is a stored result too, before the assertion.
    const rows = await findRunResults(tdb, runId);
    expect(rows.map((r) => r.name).at(-1)).toBe('echo says hi');
    expect(rows.filter((r) => r.name.startsWith('conformance '))).toHaveLength(report!.total);

    const summary = {
      revision: '2026-07-28',
      ok: true,
      total: report!.total,
      passed: report!.passed,
      failed: 0,
      warnings: report!.warnings,
      skipped: report!.skipped,
      expectedFailures: 1,
    };
    const run = await tdb.run.findFirstOrThrow({ where: { id: runId }, include: RUN_CONFORMANCE_INCLUDE });
    expect(toRunResource(run, rows, 'https://mcptest.example').conformance).toEqual(summary);

    const [delivery] = await tdb.webhookDelivery.findMany({ where: { runId } });
    expect((delivery?.payload as { data: { run: { conformance?: unknown } } }).data.run.conformance).toEqual(summary);
  });

  it('is absent for a suite without the block', async () => {
    const seeded = await seedSuite(database.db, {
      serverUrl: server.url,
      yaml: 'name: plain\nassertions:\n  - name: echo\n    assert: { tool: echo, args: { message: hi } }\n',
    });
    const runId = await queueRun(database.db, redis, seeded);
    expect((await waitForRunEnd(database.db, runId)).status).toBe('PASSED');
    const tdb = database.db.tenant(seeded.tenantId);
    expect(await tdb.conformanceReport.count({ where: { runId } })).toBe(0);
    const run = await tdb.run.findFirstOrThrow({ where: { id: runId }, include: RUN_CONFORMANCE_INCLUDE });
    expect(run.conformance).toBeNull();
    expect(toRunResource(run, [], 'https://mcptest.example')).not.toHaveProperty('conformance');
  });
});
