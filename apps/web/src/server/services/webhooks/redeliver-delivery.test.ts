import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { createWebhook } from './create-webhook';
import { redeliverDelivery } from './redeliver-delivery';
import { updateWebhook } from './update-webhook';
import { caught, seedProject, webhookTestDeps } from './webhook-test-helpers';

const database = useTestDatabase();
const redis = useTestRedis();
let deps: ReturnType<typeof webhookTestDeps>;
let seeded: Awaited<ReturnType<typeof seedProject>>;

beforeAll(async () => {
  deps = webhookTestDeps(database, redis);
  seeded = await seedProject(database.db);
});
afterAll(async () => {
  await deps?.queues.close();
});

async function seedFailedDelivery(webhookId: string) {
  return database.db.tenant(seeded.tenantId).webhookDelivery.create({
    data: {
      tenantId: seeded.tenantId,
      webhookId,
      event: 'run.failed',
      payload: { type: 'run.failed', timestamp: '2026-11-22T10:00:00.000Z', data: { run: { id: 'r1' } } },
      status: 'FAILED',
      attempt: 8,
      statusCode: 503,
      error: 'the receiver answered 503; gave up after 8 attempts',
    },
  });
}

describe('redeliverDelivery', () => {
  it('creates a new pending delivery with the same body and queues its job (ids only)', async () => {
    const webhook = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://rd.example/h' });
    const original = await seedFailedDelivery(webhook.id);
    const again = await redeliverDelivery(deps, seeded.actor, webhook.id, original.id);
    expect(again).toMatchObject({
      webhookId: webhook.id,
      event: 'run.failed',
      status: 'pending',
      attempt: 0,
      statusCode: null,
      error: null,
      payload: original.payload,
    });
    expect(again.id).not.toBe(original.id);
    const job = await deps.queues.queue('webhooks').getJob(`${again.id}-1`);
    expect(job?.name).toBe('webhook.deliver');
    expect(job?.data).toEqual({ deliveryId: again.id, tenantId: seeded.tenantId });
    // The original stays as it was in the log.
    const unchanged = await database.db
      .tenant(seeded.tenantId)
      .webhookDelivery.findFirstOrThrow({ where: { id: original.id } });
    expect(unchanged).toMatchObject({ status: 'FAILED', attempt: 8 });
  });

  it('refuses while the webhook is disabled (conflict), and unknown or foreign deliveries (not_found)', async () => {
    const webhook = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://rd2.example/h' });
    const other = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://rd3.example/h' });
    const delivery = await seedFailedDelivery(webhook.id);
    expect(await caught(() => redeliverDelivery(deps, seeded.actor, other.id, delivery.id))).toMatchObject({
      code: 'not_found',
    });
    expect(await caught(() => redeliverDelivery(deps, seeded.actor, webhook.id, 'cnope'))).toMatchObject({
      code: 'not_found',
    });
    const restricted = { ...seeded.actor, projectId: 'cother' };
    expect(await caught(() => redeliverDelivery(deps, restricted, webhook.id, delivery.id))).toMatchObject({
      code: 'not_found',
    });
    await updateWebhook(deps, seeded.actor, webhook.id, { enabled: false });
    expect(await caught(() => redeliverDelivery(deps, seeded.actor, webhook.id, delivery.id))).toMatchObject({
      code: 'conflict',
    });
  });
});
