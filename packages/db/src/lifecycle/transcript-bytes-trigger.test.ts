// Tenant.transcriptBytes kept by the statement-level triggers: inserts, upserts that rewrite, batched deletes, cascades.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { seedSuite } from '../../../../test/worker';
import { seedRun } from '../runs/seed-run';

const database = useTestDatabase();

async function counter(tenantId: string) {
  const t = await database.db.global.tenant.findUniqueOrThrow({ where: { id: tenantId } });
  return Number(t.transcriptBytes);
}

describe('the transcript bytes triggers', () => {
  it('count inserts, rewrites and deletes per tenant, one statement of many rows included', async () => {
    const a = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:1/mcp', yaml: 'assertions: []\n' });
    const b = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:1/mcp', yaml: 'assertions: []\n' });
    const dbA = database.db.tenant(a.tenantId);
    const run = await seedRun(dbA, { suiteId: a.suiteId, status: 'RUNNING' });
    const runB = await seedRun(database.db.tenant(b.tenantId), { suiteId: b.suiteId, status: 'RUNNING' });
    const row = (key: string, bytes: number) => ({
      tenantId: a.tenantId,
      runId: run.id,
      assertionKey: key,
      name: key,
      status: 'PASS' as const,
      transcriptBytes: bytes,
    });
    await dbA.assertionResult.createMany({ data: [row('a', 100), row('b', 50), row('c', 0)] });
    await database.db.tenant(b.tenantId).assertionResult.create({
      data: { ...row('x', 70), tenantId: b.tenantId, runId: runB.id },
    });
    expect([await counter(a.tenantId), await counter(b.tenantId)]).toEqual([150, 70]);

    // A retried write (recordAssertion's upsert) replaces the bytes it had: counted as the difference.
    const upsert = (key: string, bytes: number) =>
      dbA.assertionResult.upsert({
        where: { runId_assertionKey_trial: { runId: run.id, assertionKey: key, trial: 0 } },
        create: row(key, bytes),
        update: { transcriptBytes: bytes },
      });
    await upsert('a', 30);
    await upsert('d', 5);
    expect(await counter(a.tenantId)).toBe(30 + 50 + 5);

    await dbA.assertionResult.updateMany({ where: { assertionKey: { in: ['a', 'b'] } }, data: { transcriptBytes: 0 } });
    expect(await counter(a.tenantId)).toBe(5);
    // Deleting the run cascades to its results.
    await dbA.run.deleteMany({ where: { id: run.id } });
    expect([await counter(a.tenantId), await counter(b.tenantId)]).toEqual([0, 70]);
  });
});
