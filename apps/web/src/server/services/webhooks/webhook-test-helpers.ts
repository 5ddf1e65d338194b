// Seeding and deps for the webhook service tests (Postgres and Redis of the calling test file).
import { createSecretBox, createTenant, type Database } from '@mcptest/db';
import { createQueues, type Queues, type Redis } from '@mcptest/redis';
import { testWorkerEnv } from '../../../../../../test/worker';
import type { Actor } from '@/server/services/service-deps';
import type { WebhookServiceDeps } from './webhook-service-deps';

/** Service deps over the test's database and Redis prefix; loopback allowed, as in development. */
export function webhookTestDeps(
  database: { url: string; db: Database },
  redis: { url: string; prefix: string; redis: Redis },
  now: () => Date = () => new Date(),
): WebhookServiceDeps & { queues: Queues } {
  return {
    db: database.db,
    queues: createQueues({ connection: redis.redis, prefix: redis.prefix }),
    secretBox: createSecretBox(testWorkerEnv(database, redis).MCPTEST_ENCRYPTION_KEYS),
    allowPrivateNetworks: ['127.0.0.0/8', '::1/128'],
    now,
  };
}

let counter = 0;

/** A tenant with one project, and an unrestricted actor of that tenant. */
export async function seedProject(
  db: Database,
  tenantId?: string,
): Promise<{ tenantId: string; projectId: string; actor: Actor }> {
  counter += 1;
  const tenant =
    tenantId ??
    (await createTenant(db, { name: `Webhooks ${counter}`, ownerEmail: `wh${counter}-${Date.now()}@example.test` }))
      .tenant.id;
  const project = await db.tenant(tenant).project.create({
    data: { tenantId: tenant, name: `project ${counter}`, slug: `wh-project-${counter}-${Date.now()}` },
  });
  return { tenantId: tenant, projectId: project.id, actor: { tenantId: tenant, tokenId: `tok_${counter}` } };
}

/** Catches what `fn` throws (tests assert on typed errors' code and details). */
export async function caught(
  fn: () => Promise<unknown>,
): Promise<Error & { code?: string; details?: unknown; rule?: string }> {
  try {
    await fn();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected an error');
}
