import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretContext } from '@mcptest/db';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { createWebhook } from './create-webhook';
import { getWebhook } from './get-webhook';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import { caught, seedProject, webhookTestDeps } from './webhook-test-helpers';

const database = useTestDatabase();
const redis = useTestRedis();
let now = new Date('2026-11-22T10:00:00Z');
let deps: ReturnType<typeof webhookTestDeps>;
let seeded: Awaited<ReturnType<typeof seedProject>>;

beforeAll(async () => {
  deps = webhookTestDeps(database, redis, () => now);
  seeded = await seedProject(database.db);
});
afterAll(async () => {
  await deps?.queues.close();
});

async function storedSecrets(id: string) {
  const row = await database.db.tenant(seeded.tenantId).webhook.findFirstOrThrow({ where: { id } });
  const ctx = secretContext.webhookSecret(seeded.tenantId);
  return {
    current: deps.secretBox.open({ keyId: row.secretKeyId, data: row.secretEncrypted }, ctx),
    previous:
      row.previousSecretEncrypted && row.previousSecretKeyId
        ? deps.secretBox.open({ keyId: row.previousSecretKeyId, data: row.previousSecretEncrypted }, ctx)
        : null,
    previousExpiresAt: row.previousSecretExpiresAt,
  };
}

describe('rotateWebhookSecret', () => {
  it('moves the current secret to previous for 24 h and returns the new one once', async () => {
    const created = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://r.example/h' });
    const rotated = await rotateWebhookSecret(deps, seeded.actor, created.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previousSecretExpiresAt).toBe('2026-11-23T10:00:00.000Z');
    expect(await storedSecrets(created.id)).toEqual({
      current: rotated.secret,
      previous: created.secret,
      previousExpiresAt: new Date('2026-11-23T10:00:00Z'),
    });
    expect(JSON.stringify(await getWebhook(deps, seeded.actor, created.id))).not.toContain('whsec_');

    // Rotating again inside the window: the first secret is gone at once.
    now = new Date('2026-11-22T12:00:00Z');
    const again = await rotateWebhookSecret(deps, seeded.actor, created.id);
    expect(await storedSecrets(created.id)).toMatchObject({ current: again.secret, previous: rotated.secret });

    // After the overlap the resource no longer mentions it (the worker stops signing with it too).
    now = new Date('2026-11-24T12:00:01Z');
    expect((await getWebhook(deps, seeded.actor, created.id)).previousSecretExpiresAt).toBeNull();
  });

  it('answers not_found to a token restricted to another project', async () => {
    const created = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://r2.example/h' });
    const restricted = { ...seeded.actor, projectId: 'cother' };
    expect(await caught(() => rotateWebhookSecret(deps, restricted, created.id))).toMatchObject({ code: 'not_found' });
    expect((await storedSecrets(created.id)).current).toBe(created.secret);
  });
});
