// get, list, update and delete (the operations on an existing webhook), with project and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { createWebhook } from './create-webhook';
import { deleteWebhook } from './delete-webhook';
import { getWebhook } from './get-webhook';
import { listWebhooks } from './list-webhooks';
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

describe('webhook get, list, update, delete', () => {
  it('lists and gets webhooks without their secrets', async () => {
    const a = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://a.example/h' });
    const b = await createWebhook(deps, seeded.actor, seeded.projectId, {
      url: 'https://b.example/h',
      events: ['run.failed'],
    });
    const list = await listWebhooks(deps, seeded.actor, seeded.projectId);
    expect(list.items.map((w) => w.id)).toEqual([a.id, b.id]);
    expect(JSON.stringify(list)).not.toContain('whsec_');
    const { secret: _secret, ...withoutSecret } = b;
    expect(await getWebhook(deps, seeded.actor, b.id)).toEqual(withoutSecret);
  });

  it('updates url and events, re-checking the url', async () => {
    const w = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://c.example/h' });
    const updated = await updateWebhook(deps, seeded.actor, w.id, {
      url: 'https://c2.example/h',
      events: ['run.regressed'],
    });
    expect(updated).toMatchObject({ url: 'https://c2.example/h', events: ['run.regressed'], enabled: true });
    expect(
      await caught(() => updateWebhook(deps, seeded.actor, w.id, { url: 'http://169.254.169.254/' })),
    ).toMatchObject({
      code: 'url_refused',
      rule: 'metadata',
    });
    const empty = await caught(() => updateWebhook(deps, seeded.actor, w.id, {}));
    expect(empty.code).toBe('validation_failed');
    expect(await caught(() => updateWebhook(deps, seeded.actor, w.id, { events: [] }))).toMatchObject({
      code: 'validation_failed',
    });
    expect((await getWebhook(deps, seeded.actor, w.id)).url).toBe('https://c2.example/h');
  });

  it('disables, and enabling again resets the failure count', async () => {
    const w = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://d.example/h' });
    const off = await updateWebhook(deps, seeded.actor, w.id, { enabled: false });
    expect(off.enabled).toBe(false);
    expect(off.disabledAt).not.toBeNull();
    // As the worker leaves it after too many failures.
    await database.db
      .tenant(seeded.tenantId)
      .webhook.updateMany({ where: { id: w.id }, data: { consecutiveFailures: 15 } });
    const on = await updateWebhook(deps, seeded.actor, w.id, { enabled: true });
    expect(on).toMatchObject({ enabled: true, disabledAt: null, consecutiveFailures: 0 });
  });

  it('deletes a webhook with its deliveries', async () => {
    const w = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://e.example/h' });
    await database.db.tenant(seeded.tenantId).webhookDelivery.create({
      data: { tenantId: seeded.tenantId, webhookId: w.id, event: 'run.completed', payload: {} },
    });
    await deleteWebhook(deps, seeded.actor, w.id);
    expect(await caught(() => getWebhook(deps, seeded.actor, w.id))).toMatchObject({ code: 'not_found' });
    expect(await database.db.tenant(seeded.tenantId).webhookDelivery.count({ where: { webhookId: w.id } })).toBe(0);
    expect(await caught(() => deleteWebhook(deps, seeded.actor, w.id))).toMatchObject({ code: 'not_found' });
  });

  it('answers not_found to another tenant and to a token restricted to another project', async () => {
    const w = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://f.example/h' });
    const other = await seedProject(database.db);
    const sibling = await seedProject(database.db, seeded.tenantId);
    const restricted = { ...seeded.actor, projectId: sibling.projectId };
    for (const actor of [other.actor, restricted]) {
      expect(await caught(() => getWebhook(deps, actor, w.id))).toMatchObject({ code: 'not_found' });
      expect(await caught(() => updateWebhook(deps, actor, w.id, { enabled: false }))).toMatchObject({
        code: 'not_found',
      });
      expect(await caught(() => deleteWebhook(deps, actor, w.id))).toMatchObject({ code: 'not_found' });
      expect(await caught(() => listWebhooks(deps, actor, seeded.projectId))).toMatchObject({ code: 'not_found' });
    }
    const own = { ...seeded.actor, projectId: seeded.projectId };
    expect((await getWebhook(deps, own, w.id)).enabled).toBe(true);
  });
});
