import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretContext } from '@mcptest/db';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { createWebhook } from './create-webhook';
import { MAX_WEBHOOKS_PER_PROJECT } from './webhook-schemas';
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

describe('createWebhook', () => {
  it('returns the webhook with a whsec_ secret once, stored sealed, all events by default', async () => {
    const created = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://hooks.example.com/in' });
    expect(created).toMatchObject({
      projectId: seeded.projectId,
      url: 'https://hooks.example.com/in',
      events: ['run.completed', 'run.failed', 'run.regressed', 'server.authorization_failed', 'server.surface_changed'],
      enabled: true,
      consecutiveFailures: 0,
      disabledAt: null,
      previousSecretExpiresAt: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);

    const row = await database.db.tenant(seeded.tenantId).webhook.findFirstOrThrow({ where: { id: created.id } });
    expect(Buffer.from(row.secretEncrypted).toString('latin1')).not.toContain(created.secret.slice(6));
    const opened = deps.secretBox.open(
      { keyId: row.secretKeyId, data: row.secretEncrypted },
      secretContext.webhookSecret(seeded.tenantId),
    );
    expect(opened).toBe(created.secret);

    const audit = await database.db
      .tenant(seeded.tenantId)
      .auditLog.findFirstOrThrow({ where: { action: 'webhook.create', targetId: created.id } });
    expect(JSON.stringify(audit)).not.toContain(created.secret.slice(6));
    const again = await createWebhook(deps, seeded.actor, seeded.projectId, { url: 'https://hooks.example.com/in' });
    expect(again.secret).not.toBe(created.secret);
  });

  it('keeps a subset of events, de-duplicated, in canonical order', async () => {
    const created = await createWebhook(deps, seeded.actor, seeded.projectId, {
      url: 'http://127.0.0.1:9/local',
      events: ['run.regressed', 'run.failed', 'run.regressed'],
      enabled: false,
    });
    expect(created.events).toEqual(['run.failed', 'run.regressed']);
    expect(created.enabled).toBe(false);
    expect(created.disabledAt).not.toBeNull();
  });

  it.each([
    [{ url: 'https://x.example', events: [] }, 'events'],
    [{ url: 'https://x.example', events: ['run.started'] }, 'events[0]'],
    [{ url: 'ftp://x.example/' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ url: 'https://x.example', secret: 'whsec_mine' }, '(body)'],
  ])('refuses %j naming %s', async (input, path) => {
    const error = await caught(() => createWebhook(deps, seeded.actor, seeded.projectId, input as never));
    expect(error.code).toBe('validation_failed');
    expect((error.details as { path: string }[]).map((d) => d.path)).toContain(path);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://[fd00:ec2::254]/', 'metadata'],
    ['http://169.254.10.1/', 'link_local'],
    ['http://10.1.2.3/hook', 'private_address'],
    ['http://192.168.1.10:8080/hook', 'private_address'],
    ['http://0.0.0.0/', 'unroutable'],
    ['http://user:pass@hooks.example.com/', 'invalid_url'],
  ])('refuses %s by rule %s', async (url, rule) => {
    const error = await caught(() => createWebhook(deps, seeded.actor, seeded.projectId, { url }));
    expect(error.code).toBe('url_refused');
    expect(error.rule).toBe(rule);
    expect(error.details).toEqual({ rule, path: 'url' });
    expect(error.message).toContain(rule);
  });

  it('refuses loopback when private networks are not allowed (production default)', async () => {
    const error = await caught(() =>
      createWebhook({ ...deps, allowPrivateNetworks: [] }, seeded.actor, seeded.projectId, {
        url: 'http://localhost:3000/hook',
      }),
    );
    expect(error).toMatchObject({ code: 'url_refused', rule: 'private_address' });
  });

  it('answers not_found for another tenant, an unknown project, or a token restricted to another project', async () => {
    const other = await seedProject(database.db);
    const sameTenantOtherProject = await seedProject(database.db, seeded.tenantId);
    const input = { url: 'https://hooks.example.com/x' };
    expect(await caught(() => createWebhook(deps, other.actor, seeded.projectId, input))).toMatchObject({
      code: 'not_found',
    });
    expect(await caught(() => createWebhook(deps, seeded.actor, 'cnope', input))).toMatchObject({ code: 'not_found' });
    const restricted = { ...seeded.actor, projectId: sameTenantOtherProject.projectId };
    expect(await caught(() => createWebhook(deps, restricted, seeded.projectId, input))).toMatchObject({
      code: 'not_found',
    });
    await expect(createWebhook(deps, restricted, sameTenantOtherProject.projectId, input)).resolves.toMatchObject({
      projectId: sameTenantOtherProject.projectId,
    });
  });

  it(`allows at most ${MAX_WEBHOOKS_PER_PROJECT} webhooks per project`, async () => {
    const fresh = await seedProject(database.db);
    const first = await createWebhook(deps, fresh.actor, fresh.projectId, { url: 'https://hooks.example.com/0' });
    const row = await database.db.tenant(fresh.tenantId).webhook.findFirstOrThrow({ where: { id: first.id } });
    await database.db.tenant(fresh.tenantId).webhook.createMany({
      data: Array.from({ length: MAX_WEBHOOKS_PER_PROJECT - 1 }, (_, i) => ({
        tenantId: fresh.tenantId,
        projectId: fresh.projectId,
        url: `https://hooks.example.com/${i + 1}`,
        events: ['run.completed'],
        secretEncrypted: row.secretEncrypted,
        secretKeyId: row.secretKeyId,
      })),
    });
    const error = await caught(() =>
      createWebhook(deps, fresh.actor, fresh.projectId, { url: 'https://hooks.example.com/one-more' }),
    );
    expect(error.code).toBe('conflict');
  });
});
