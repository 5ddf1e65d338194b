import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { createWebhook } from './create-webhook';
import { listTenantWebhooks } from './list-tenant-webhooks';
import { caught, seedProject, webhookTestDeps } from './webhook-test-helpers';

const database = useTestDatabase();
const redis = useTestRedis();
let deps: ReturnType<typeof webhookTestDeps>;
let first: Awaited<ReturnType<typeof seedProject>>;
let second: Awaited<ReturnType<typeof seedProject>>;
const created: string[] = [];

beforeAll(async () => {
  deps = webhookTestDeps(database, redis);
  first = await seedProject(database.db);
  second = await seedProject(database.db, first.tenantId);
  for (let i = 0; i < 5; i += 1) {
    const project = i % 2 === 0 ? first : second;
    created.push((await createWebhook(deps, first.actor, project.projectId, { url: `https://h${i}.example/x` })).id);
  }
  // Another tenant's webhook must never show.
  const other = await seedProject(database.db);
  await createWebhook(deps, other.actor, other.projectId, { url: 'https://other.example/x' });
});
afterAll(async () => {
  await deps?.queues.close();
});

describe('listTenantWebhooks', () => {
  it('pages through every project of the tenant, newest first, with project names and no secrets', async () => {
    const page1 = await listTenantWebhooks(deps, first.actor, { limit: 3 });
    expect(page1.items).toHaveLength(3);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await listTenantWebhooks(deps, first.actor, { limit: 3, cursor: page1.nextCursor ?? undefined });
    expect(page2.nextCursor).toBeNull();
    const all = [...page1.items, ...page2.items];
    expect(all.map((w) => w.id)).toEqual([...created].reverse());
    const firstName = (
      await database.db.tenant(first.tenantId).project.findFirstOrThrow({ where: { id: first.projectId } })
    ).name;
    expect(all.find((w) => w.projectId === first.projectId)?.projectName).toBe(firstName);
    expect(JSON.stringify(all)).not.toContain('whsec_');
  });

  it('a token restricted to one project sees only its webhooks; a bad cursor is a validation error', async () => {
    const restricted = { ...first.actor, projectId: second.projectId };
    const page = await listTenantWebhooks(deps, restricted, { limit: 20 });
    expect(page.items.map((w) => w.projectId)).toEqual([second.projectId, second.projectId]);
    expect(await caught(() => listTenantWebhooks(deps, first.actor, { limit: 20, cursor: 'nope' }))).toMatchObject({
      code: 'validation_failed',
    });
  });
});
