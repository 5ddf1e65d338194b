// The retention loop: only the worker holding the retention lock runs a pass, and a pass logs what it deleted.
import { DEFAULT_PLAN_LIMITS, resolvePlanTable } from '@mcptest/core';
import { seedRun } from '@mcptest/db';
import { redisKey } from '@mcptest/redis';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { useTestRedis } from '../../../../test/redis';
import { captureLogger, seedSuite, waitFor } from '../../../../test/worker';
import { createWorkerMetrics } from '../observability/metrics';
import type { WorkerDeps } from '../worker-deps';
import { startRetentionLoop } from './start-retention-loop';

const database = useTestDatabase();
const redis = useTestRedis();

describe('startRetentionLoop', () => {
  it('runs no pass while another worker holds the lock, then one pass that logs its counts', async () => {
    const s = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:1/mcp',
      yaml: 'assertions: []\n',
      plan: 'FREE',
    });
    const db = database.db.tenant(s.tenantId);
    const old = new Date(Date.now() - (DEFAULT_PLAN_LIMITS.FREE.runRetentionDays + 1) * 86_400_000);
    await seedRun(db, { suiteId: s.suiteId, status: 'PASSED', queuedAt: old });
    const lockKey = redisKey(redis.prefix, 'retention', 'lock');
    await redis.redis.set(lockKey, 'another-worker', 'PX', 60_000);

    const { logger, lines } = captureLogger();
    const deps = {
      db: database.db,
      redis: redis.redis,
      prefix: redis.prefix,
      workerId: 'this-worker',
      logger,
      plans: resolvePlanTable(),
      metrics: createWorkerMetrics(),
      now: () => new Date(),
    } as unknown as WorkerDeps;
    const loop = startRetentionLoop(deps, {
      intervalSeconds: 0.1,
      settings: { batchSize: 100, runsPerBatch: 10, pauseMs: 0, maxPassMs: 10_000 },
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(await db.run.count()).toBe(1);
      expect(lines.filter((l) => l.msg === 'retention pass')).toEqual([]);

      await redis.redis.del(lockKey);
      await waitFor('the expired run deleted', async () => ((await db.run.count()) === 0 ? true : undefined), 10_000);
      const pass = await waitFor(
        'the pass logged',
        () => Promise.resolve(lines.find((l) => l.msg === 'retention pass' && (l.deleted as { Run?: number }).Run)),
        10_000,
      );
      expect(pass).toMatchObject({ deleted: { Run: 1 }, complete: true });
      // Released after the pass: nobody holds it, or a later pass of this worker does.
      expect([null, 'this-worker']).toContain(await redis.redis.get(lockKey));
    } finally {
      await loop.stop();
    }
  });
});
