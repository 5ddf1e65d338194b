import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { createWebhook } from './create-webhook';
import { sendTestEvent } from './send-test-event';
import { updateWebhook } from './update-webhook';
import { caught, seedProject, webhookTestDeps } from './webhook-test-helpers';

const database = useTestDatabase();
const redis = useTestRedis();
let deps: ReturnType<typeof webhookTestDeps>;
let seeded: Awaited<ReturnType<typeof seedProject>>;

beforeAll(async () => {
  deps = webhookTestDeps(database, redis, () => new Date('2026-11-22T10:00:00.000Z'));
  seeded = await seedProject(database.db);
});
afterAll(async () => {
  await deps?.queues.close();
});

describe('sendTestEvent', () => {
  it('queues a pending webhook.test delivery (no run, only the webhook and project ids) whatever the events', async () => {
    const webhook = await createWebhook(deps, seeded.actor, seeded.projectId, {
      url: 'https://te.example/h',
      events: ['run.regressed'],
    });
    const delivery = await sendTestEvent(deps, seeded.actor, webhook.id);
    expect(delivery).toMatchObject({
      webhookId: webhook.id,
      runId: null,
      event: 'webhook.test',
      status: 'pending',
      attempt: 0,
      payload: {
        type: 'webhook.test',
        timestamp: '2026-11-22T10:00:00.000Z',
        data: { webhook: { id: webhook.id, projectId: seeded.projectId } },
      },
    });
    const job = await deps.queues.queue('webhooks').getJob(`${delivery.id}-1`);
    expect(job?.name).toBe('webhook.deliver');
    expect(job?.data).toEqual({ deliveryId: delivery.id, tenantId: seeded.tenantId });
    const audit = await database.db
      .tenant(seeded.tenantId)
      .auditLog.findFirst({ where: { action: 'webhook.test', targetId: webhook.id } });
    expect(audit?.metadata).toEqual({ deliveryId: delivery.id });
  });

  it('refuses a disabled webhook (conflict) and an unknown, foreign or other-project one (not_found)', async () => {
    const webhook = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://te2.example/h' });
    const other = await seedProject(database.db);
    expect(await caught(() => sendTestEvent(deps, other.actor, webhook.id))).toMatchObject({ code: 'not_found' });
    expect(await caught(() => sendTestEvent(deps, seeded.actor, 'cnope'))).toMatchObject({ code: 'not_found' });
    const restricted = { ...seeded.actor, projectId: 'cother' };
    expect(await caught(() => sendTestEvent(deps, restricted, webhook.id))).toMatchObject({ code: 'not_found' });
    await updateWebhook(deps, seeded.actor, webhook.id, { enabled: false });
    expect(await caught(() => sendTestEvent(deps, seeded.actor, webhook.id))).toMatchObject({ code: 'conflict' });
    const count = await database.db.tenant(seeded.tenantId).webhookDelivery.count({ where: { webhookId: webhook.id } });
    expect(count).toBe(0);
  });
});
