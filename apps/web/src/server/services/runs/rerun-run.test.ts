// Re-running without a worker: a new queued manual run of the same suite with the same labels, in the actor's tenant.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { seedSuite } from '../../../../../../test/worker';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { rerunRun } from './rerun-run';
import { triggerRun } from './trigger-run';

const database = useTestDatabase();
const redis = useTestRedis();
const deps = testServiceDeps(database, redis, { plans: { FREE: { maxQueuedRuns: 3 } } });
const YAML = 'assertions:\n  - name: a\n    assert: { tool: t, expect: { not_error: true } }\n';

const idOf = (outcome: Awaited<ReturnType<typeof triggerRun>>) => (outcome.finished ? outcome.run.id : outcome.id);

describe('rerunRun', () => {
  it('queues a new MANUAL run of the same suite carrying the branch and commit', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const actor = { tenantId: seeded.tenantId, userId: undefined };
    const first = await triggerRun(
      deps,
      actor,
      seeded.suiteId,
      { branch: 'main', commitSha: 'abc123' },
      { trigger: 'CI', idempotencyKey: 'ci-1' },
    );
    const again = await rerunRun(deps, actor, idOf(first));
    expect(idOf(again)).not.toBe(idOf(first));
    const row = await database.db.tenant(seeded.tenantId).run.findFirstOrThrow({ where: { id: idOf(again) } });
    expect(row).toMatchObject({
      suiteId: seeded.suiteId,
      trigger: 'MANUAL',
      status: 'QUEUED',
      branch: 'main',
      commitSha: 'abc123',
      idempotencyKey: null,
    });
  });

  it("is a 404 for another tenant's run, and keeps the quota and a disabled suite's refusal", async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const other = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const actor = { tenantId: seeded.tenantId };
    const run = idOf(await triggerRun(deps, actor, seeded.suiteId, {}, { trigger: 'MANUAL' }));
    await expect(rerunRun(deps, { tenantId: other.tenantId }, run)).rejects.toMatchObject({ code: 'not_found' });
    await expect(rerunRun(deps, { ...actor, projectId: 'cother' }, run)).rejects.toMatchObject({ code: 'not_found' });
    await rerunRun(deps, actor, run);
    await rerunRun(deps, actor, run);
    // Three queued: the plan's limit in this file.
    await expect(rerunRun(deps, actor, run)).rejects.toMatchObject({ code: 'quota_exceeded' });
    await database.db
      .tenant(seeded.tenantId)
      .suite.updateMany({ where: { id: seeded.suiteId }, data: { enabled: false } });
    await expect(rerunRun(deps, actor, run)).rejects.toMatchObject({ code: 'conflict' });
  });
});
