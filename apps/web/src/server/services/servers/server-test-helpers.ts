// Deps and seeding for the server and project service tests (real Postgres and Redis, mock MCP servers on loopback).
import { createTenant, createSecretBox, type Database } from '@mcptest/db';
import { resolvePlanTable } from '@mcptest/core';
import { loadMockDefinition, startMockServer, type MockServerHandle } from '@mcptest/mcp';
import { createApiRateLimits, createFairAdmission, createQueues, createRedis } from '@mcptest/queue';
import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from '../../../../../../test/db';
import type { TestRedis } from '../../../../../../test/redis';
import { testWorkerEnv } from '../../../../../../test/worker';
import type { Actor, ServiceDeps } from '../service-deps';

/** ServiceDeps over the test file's database and Redis; loopback allowed, as in development. */
export function serviceTestDeps(database: TestDatabase, redis: TestRedis): ServiceDeps {
  const queues = createQueues({ connection: redis.redis, prefix: redis.prefix });
  afterAll(() => queues.close());
  return {
    db: database.db,
    redis: redis.redis,
    prefix: redis.prefix,
    queues,
    fair: createFairAdmission({ redis: redis.redis, prefix: redis.prefix }),
    secretBox: createSecretBox(testWorkerEnv(database, redis).MCPTEST_ENCRYPTION_KEYS),
    plans: resolvePlanTable({}),
    appUrl: 'https://mcptest.example',
    allowPrivateNetworks: ['127.0.0.0/8'],
    rateLimits: createApiRateLimits({
      redis: redis.redis,
      prefix: redis.prefix,
      perTokenPerMinute: 1000,
      perTenantPerMinute: 1000,
      triggersPerTenantPerMinute: 1000,
    }),
    maxWaitSeconds: 5,
    blockingRedis: () => createRedis({ url: redis.url, name: 'servers-test-blocking' }),
    now: () => new Date(),
  };
}

let counter = 0;

/** A new tenant with one project; the actor is the tenant itself (as an admin token would be). */
export async function seedProject(db: Database): Promise<{ actor: Actor; projectId: string }> {
  counter += 1;
  const created = await createTenant(db, {
    name: `Servers ${counter}`,
    ownerEmail: `servers${counter}-${Date.now()}@example.test`,
  });
  const tenantId = created.tenant.id;
  const project = await db
    .tenant(tenantId)
    .project.create({ data: { tenantId, name: `project ${counter}`, slug: `project-${counter}` } });
  return { actor: { tenantId }, projectId: project.id };
}

/** Serves a mock MCP server definition (YAML) for the calling test file; read `url` inside tests. */
export function useMockServer(yaml: string): { readonly url: string } {
  let handle: MockServerHandle | undefined;
  beforeAll(async () => {
    const loaded = loadMockDefinition(yaml, 'mock.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    handle = await startMockServer({ definition: loaded.definition });
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    get url() {
      if (!handle) throw new Error('the mock server is not started yet (use it inside tests)');
      return handle.url;
    },
  };
}
