import { resolvePlanTable } from '@mcptest/core';
import { createSecretBox } from '@mcptest/db';
import { createSafeFetch } from '@mcptest/mcp';
import {
  createApiRateLimits,
  createFairAdmission,
  createPolitenessGate,
  createQueues,
  createRedis,
  createRunEventHub,
  type Redis,
} from '@mcptest/redis';
import { env } from '@/env';
import { getDb } from '@/server/db';
import { createEventStreamSlots } from './runs/event-stream-slots';
import { getLogger } from '@/server/logger';
import type { ServiceDeps } from './service-deps';

// One set per process, on globalThis so `next dev` hot reloads do not open new connections each time.
const store = globalThis as typeof globalThis & { __mcptestServiceDeps?: ServiceDeps | undefined };

/** The process-wide service dependencies, built from the validated env on first use. */
export function getServiceDeps(): ServiceDeps {
  if (!store.__mcptestServiceDeps) {
    const e = env();
    // A producer connection: an API call that enqueues fails at once (503) while Redis is away instead of hanging.
    const redis: Redis = createRedis({ url: e.REDIS_URL, name: 'mcptest-web-producer', role: 'producer' });
    redis.on('error', () => {});
    store.__mcptestServiceDeps = {
      db: getDb(),
      redis,
      prefix: e.REDIS_PREFIX,
      queues: createQueues({ connection: redis, prefix: e.REDIS_PREFIX }),
      fair: createFairAdmission({ redis, prefix: e.REDIS_PREFIX }),
      secretBox: createSecretBox(e.MCPTEST_ENCRYPTION_KEYS),
      plans: resolvePlanTable(e.MCPTEST_PLAN_LIMITS),
      appUrl: e.APP_URL,
      allowPrivateNetworks: e.MCPTEST_ALLOW_PRIVATE_NETWORKS,
      // The workers' politeness, in the same Redis keys: discovery and tests share each address's quota with runs.
      outbound: createSafeFetch({
        allowPrivateNetworks: e.MCPTEST_ALLOW_PRIVATE_NETWORKS,
        gate: createPolitenessGate({
          redis,
          prefix: e.REDIS_PREFIX,
          maxInFlightPerHost: e.POLITENESS_MAX_IN_FLIGHT_PER_HOST,
          requestsPerSecondPerHost: e.POLITENESS_REQUESTS_PER_SECOND_PER_HOST,
          maxWaitMs: e.POLITENESS_MAX_WAIT_MS,
          onWait: (event) => {
            if (event.outcome === 'refused') getLogger(e.LOG_LEVEL).warn(event, 'politeness: request refused');
          },
        }),
        // The tenant's answer names the rule only; the operator's log keeps the address the name resolved to.
        onRefused: (error) => getLogger(e.LOG_LEVEL).warn({ rule: error.rule, address: error.address }, error.message),
      }),
      rateLimits: createApiRateLimits({
        redis,
        prefix: e.REDIS_PREFIX,
        perTokenPerMinute: e.API_RATE_LIMIT_PER_TOKEN,
        perTenantPerMinute: e.API_RATE_LIMIT_PER_TENANT,
        triggersPerTenantPerMinute: e.API_TRIGGERS_PER_TENANT_PER_MINUTE,
      }),
      maxWaitSeconds: e.API_MAX_WAIT_SECONDS,
      runEvents: createRunEventHub({
        prefix: e.REDIS_PREFIX,
        commands: redis,
        connect: () => {
          const connection = createRedis({ url: e.REDIS_URL, name: 'mcptest-web-events' });
          connection.on('error', () => {});
          return connection;
        },
      }),
      eventStreams: createEventStreamSlots({
        perUser: e.EVENT_STREAMS_PER_USER,
        perTenant: e.EVENT_STREAMS_PER_TENANT,
      }),
      now: () => new Date(),
    };
  }
  return store.__mcptestServiceDeps;
}

/** Closes what getServiceDeps opened (tests, shutdown). */
export async function closeServiceDeps(): Promise<void> {
  const deps = store.__mcptestServiceDeps;
  store.__mcptestServiceDeps = undefined;
  if (!deps) return;
  deps.runEvents.close();
  await deps.queues.close();
  await deps.outbound.close();
  deps.redis.disconnect();
}
