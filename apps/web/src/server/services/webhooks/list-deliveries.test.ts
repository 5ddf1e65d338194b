import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { createWebhook } from './create-webhook';
import { listDeliveries } from './list-deliveries';
import { caught, seedProject, webhookTestDeps } from './webhook-test-helpers';

const database = useTestDatabase();
const redis = useTestRedis();
let deps: ReturnType<typeof webhookTestDeps>;
let seeded: Awaited<ReturnType<typeof seedProject>>;
let webhookId: string;
const ids: string[] = [];

beforeAll(async () => {
  deps = webhookTestDeps(database, redis);
  seeded = await seedProject(database.db);
  webhookId = (await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://l.example/h' })).id;
  // 25 deliveries over 9 distinct creation times, so pages must break ties on id.
  const base = Date.UTC(2026, 10, 22, 10);
  for (let i = 0; i < 25; i += 1) {
    const row = await database.db.tenant(seeded.tenantId).webhookDelivery.create({
      data: {
        tenantId: seeded.tenantId,
        webhookId,
        event: 'run.completed',
        payload: { type: 'run.completed', n: i },
        status: i % 5 === 0 ? 'FAILED' : 'SUCCEEDED',
        attempt: 1,
        statusCode: i % 5 === 0 ? 500 : 200,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      },
    });
    ids.push(row.id);
  }
});
afterAll(async () => {
  await deps?.queues.close();
});

describe('listDeliveries', () => {
  it('pages newest first by (createdAt, id) without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await listDeliveries(deps, seeded.actor, webhookId, { limit: 10, ...(cursor ? { cursor } : {}) });
      sizes.push(page.items.length);
      seen.push(...page.items.map((d) => d.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([10, 10, 5]);
    const rows = await database.db.tenant(seeded.tenantId).webhookDelivery.findMany({
      where: { webhookId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    });
    expect(seen).toEqual(rows.map((r) => r.id));
    expect(new Set(seen).size).toBe(25);
  });

  it('filters by status and returns the delivery log fields', async () => {
    const page = await listDeliveries(deps, seeded.actor, webhookId, { status: 'failed', limit: 100 });
    expect(page.items).toHaveLength(5);
    expect(page.nextCursor).toBeNull();
    expect(page.items[0]).toMatchObject({
      webhookId,
      event: 'run.completed',
      status: 'failed',
      attempt: 1,
      statusCode: 500,
      payload: { type: 'run.completed', n: 20 },
    });
  });

  it('refuses a limit over 100 and a cursor it did not give', async () => {
    expect(await caught(() => listDeliveries(deps, seeded.actor, webhookId, { limit: 101 }))).toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ path: 'query.limit' })],
    });
    expect(await caught(() => listDeliveries(deps, seeded.actor, webhookId, { cursor: 'bm9wZQ' }))).toMatchObject({
      code: 'validation_failed',
    });
    expect(
      await caught(() => listDeliveries(deps, seeded.actor, webhookId, { status: 'lost' as never })),
    ).toMatchObject({
      code: 'validation_failed',
    });
  });

  it('answers not_found to another tenant and to a token restricted to another project', async () => {
    const other = await seedProject(database.db);
    expect(await caught(() => listDeliveries(deps, other.actor, webhookId, {}))).toMatchObject({ code: 'not_found' });
    const restricted = { ...seeded.actor, projectId: 'cother' };
    expect(await caught(() => listDeliveries(deps, restricted, webhookId, {}))).toMatchObject({ code: 'not_found' });
  });
});
