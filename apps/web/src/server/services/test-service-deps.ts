// ServiceDeps over a test file's own database and Redis prefix, for the service tests. The queues are real (creating
// and updating suites sync BullMQ schedulers); loopback servers are allowed, as in development.
import { afterAll } from 'vitest';
import { resolvePlanTable } from '@mcptest/core';
import { createSecretBox } from '@mcptest/db';
import { createSafeFetch, type SafeFetch } from '@mcptest/mcp';
import {
  createApiRateLimits,
  createFairAdmission,
  createPolitenessGate,
  createQueues,
  createRedis,
  createRunEventHub,
  type PolitenessOptions,
  type RunEventHub,
} from '@mcptest/redis';
import type { TestDatabase } from '../../../../../test/db';
import type { TestRedis } from '../../../../../test/redis';
import { testWorkerEnv } from '../../../../../test/worker';
import { createEventStreamSlots } from './runs/event-stream-slots';
import type { ServiceDeps } from './service-deps';

/**
 * Call at the top level of a test file or in a describe body (it registers the queues' close); everything is read
 * lazily, so the database and Redis prefix may be created after this returns. `plans` overrides plan limits (a small
 * queued-run quota, say); `now` fixes the clock the services read.
 */
export function testServiceDeps(
  database: TestDatabase,
  redis: TestRedis,
  options: {
    plans?: Parameters<typeof resolvePlanTable>[0];
    now?: () => Date;
    /** Per-host politeness of discovery and connection tests (generous by default). */
    politeness?: Pick<PolitenessOptions, 'maxInFlightPerHost' | 'requestsPerSecondPerHost' | 'maxWaitMs'>;
  } = {},
): ServiceDeps {
  let queues: ReturnType<typeof createQueues> | undefined;
  let hub: RunEventHub | undefined;
  let outbound: SafeFetch | undefined;
  afterAll(async () => {
    hub?.close();
    await queues?.close();
    await outbound?.close();
  });
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
    plans: resolvePlanTable(options.plans ?? {}),
    appUrl: 'https://mcptest.example',
    allowPrivateNetworks: ['127.0.0.0/8'],
    get outbound() {
      outbound ??= createSafeFetch({
        allowPrivateNetworks: ['127.0.0.0/8'],
        gate: createPolitenessGate({
          redis: redis.redis,
          prefix: redis.prefix,
          maxInFlightPerHost: 64,
          requestsPerSecondPerHost: 1000,
          ...options.politeness,
        }),
      });
      return outbound;
    },
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
    get runEvents() {
      hub ??= createRunEventHub({
        prefix: redis.prefix,
        commands: redis.redis,
        connect: () => createRedis({ url: redis.url, name: 'service-test-events' }),
      });
      return hub;
    },
    eventStreams: createEventStreamSlots({ perUser: 10, perTenant: 50 }),
    now: options.now ?? (() => new Date()),
  };
}
