// ServiceDeps over a test file's own database and Redis prefix, for the suite service tests (createSuite and
// updateSuite sync BullMQ schedulers, so the queues are real too).
import { afterAll } from 'vitest';
import { resolvePlanTable } from '@mcptest/core';
import { createSecretBox } from '@mcptest/db';
import { createApiRateLimits, createFairAdmission, createQueues, createRedis } from '@mcptest/queue';
import type { TestDatabase } from '../../../../../../test/db';
import type { TestRedis } from '../../../../../../test/redis';
import { testWorkerEnv } from '../../../../../../test/worker';
import type { ServiceDeps } from '../service-deps';

/** Call at the top level of a test file (it registers the queues' close). `clock.now` moves time. */
export function suiteTestDeps(database: TestDatabase, redis: TestRedis): ServiceDeps & { clock: { now: Date } } {
  const clock = { now: new Date('2026-03-02T10:15:00Z') };
  let queues: ReturnType<typeof createQueues> | undefined;
  afterAll(() => queues?.close());
  return {
    get db() {
      return database.db;
    },
    get redis() {
      return redis.redis;
    },
    get prefix() {
      return redis.prefix;
    },
    get queues() {
      queues ??= createQueues({ connection: redis.redis, prefix: redis.prefix });
      return queues;
    },
    get fair() {
      return createFairAdmission({ redis: redis.redis, prefix: redis.prefix });
    },
    get secretBox() {
      return createSecretBox(testWorkerEnv(database, redis).MCPTEST_ENCRYPTION_KEYS);
    },
    plans: resolvePlanTable({}),
    appUrl: 'https://mcptest.example',
    allowPrivateNetworks: ['127.0.0.0/8'],
    get rateLimits() {
      return createApiRateLimits({
        redis: redis.redis,
        prefix: redis.prefix,
        perTokenPerMinute: 1000,
        perTenantPerMinute: 1000,
        triggersPerTenantPerMinute: 1000,
      });
    },
    maxWaitSeconds: 5,
    blockingRedis: () => createRedis({ url: redis.url, name: 'suite-test-blocking' }),
    now: () => clock.now,
    clock,
  };
}
