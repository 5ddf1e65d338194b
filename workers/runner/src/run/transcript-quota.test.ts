// Stored transcripts are capped per assertion and counted in the tenant's storage quota (real Postgres, real worker).
import { createQueuedRun } from '@mcptest/db';
import type { ExecutedAssertion } from '@mcptest/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSCRIPT_MAX_BYTES_PER_ASSERTION } from '@mcptest/core';
import { useTestDatabase } from '../../../../test/db';
import { useTestRedis } from '../../../../test/redis';
import { queueRun, seedSuite, startTestWorker, useWorkerMock, waitForRunEnd } from '../../../../test/worker';
import { recordAssertion } from './record-assertion';

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useWorkerMock();
let worker: Awaited<ReturnType<typeof startTestWorker>>;

/** FREE tenants may store 1 byte of transcripts here: the first one is already over. */
beforeAll(async () => {
  worker = await startTestWorker(database, redis, {
    MCPTEST_PLAN_LIMITS: JSON.stringify({ FREE: { transcriptStorageBytes: 1 } }),
  });
});
afterAll(async () => {
  await worker?.stop();
});

const SUITE = `
name: transcripts
assertions:
  - name: finds apples
    assert: { tool: search, args: { q: apples }, expect: { contains: [found apples] } }
  - name: finds pears
    assert: { tool: search, args: { q: pears }, expect: { contains: [found pears] } }
`;

async function tenantBytes(tenantId: string): Promise<number> {
  const row = await database.db.global.tenant.findUnique({
    where: { id: tenantId },
    select: { transcriptBytes: true },
  });
  return Number(row?.transcriptBytes);
}

const result = (transcript: unknown[]): ExecutedAssertion => ({
  key: 'suite.yaml#big',
  name: 'big',
  trial: 0,
  status: 'PASS',
  detail: '',
  durationMs: 1,
  transcript,
});

describe('transcript storage', () => {
  it('cuts a transcript to the per-assertion cap with a marker, and counts what is stored per tenant', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: mock.url, yaml: SUITE, plan: 'TEAM' });
    const db = database.db.tenant(seeded.tenantId);
    const { run } = await createQueuedRun(db, { suiteId: seeded.suiteId, trigger: 'API' });
    const huge = [
      { seq: 1, kind: 'request' },
      { seq: 2, kind: 'result', message: 'r'.repeat(3 * 1024 * 1024) },
    ];

    expect(
      await recordAssertion(db, run.id, result(huge), {
        quotaBytes: 10 * 1024 * 1024,
        usedBytes: () => tenantBytes(seeded.tenantId),
      }),
    ).toBe('truncated');
    const row = await db.assertionResult.findFirstOrThrow({ where: { runId: run.id } });
    const stored = row.transcript as unknown[];
    expect(row.transcriptBytes).toBeLessThanOrEqual(TRANSCRIPT_MAX_BYTES_PER_ASSERTION);
    expect(row.transcriptBytes).toBe(Buffer.byteLength(JSON.stringify(stored)));
    expect(stored).toEqual([huge[0], expect.objectContaining({ mcptest: 'transcript_truncated', omittedEntries: 1 })]);
    // Postgres keeps the tenant's count: on insert, on rewrite (a resumed run), on delete (cascades included).
    expect(await tenantBytes(seeded.tenantId)).toBe(row.transcriptBytes);
    await recordAssertion(db, run.id, result([{ seq: 1 }]));
    expect(await tenantBytes(seeded.tenantId)).toBe(Buffer.byteLength('[{"seq":1}]'));
    await db.suite.deleteMany({ where: { id: seeded.suiteId } });
    expect(await tenantBytes(seeded.tenantId)).toBe(0);
  });

  it('stores no transcript once the quota is used up, and says so on the run, which still passes', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: mock.url, yaml: SUITE });
    const runId = await queueRun(database.db, redis, seeded);
    const run = await waitForRunEnd(database.db, runId);
    expect(run.status).toBe('PASSED');
    expect(run.error).toBe(
      "transcripts not stored: the team's transcript storage quota of 1 bytes is used up (results are still recorded; deleting suites frees their runs' transcripts, or the operator raises the plan's transcriptStorageBytes)",
    );
    const rows = await database.db.tenant(seeded.tenantId).assertionResult.findMany({ where: { runId } });
    expect(rows.map((r) => r.status)).toEqual(['PASS', 'PASS']);
    for (const r of rows) {
      expect(r.transcriptBytes).toBe(0);
      expect(
        r.transcript === null || (r.transcript as { mcptest: string }[])[0]?.mcptest === 'transcript_not_stored',
      ).toBe(true);
    }
    expect(await tenantBytes(seeded.tenantId)).toBe(0);
  });
});
