// One delivery at a time through a real BullMQ `webhooks` worker, Postgres, Redis and a local HTTP receiver: retries,
// Retry-After, redirects, 410, auto-disable, SSRF refusal after DNS, the claim that keeps one attempt single, the sweep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, type HostResolver } from '@mcptest/mcp';
import { createSecretBox, createTenant, secretContext } from '@mcptest/db';
import { createJobWorker, createQueues, scanKeys, type Queues, type Worker } from '@mcptest/redis';
import { useTestDatabase } from '../../../../test/db';
import { useTestRedis } from '../../../../test/redis';
import { captureLogger, testWorkerEnv, waitFor } from '../../../../test/worker';
import { deliverWebhook } from './deliver-webhook';
import { requeueDueDeliveries } from './requeue-due-deliveries';
import { startWebhookReceiver, verifyWith, type WebhookReceiver } from '../../../../test/webhook-receiver';
import type { WebhookDeps } from './webhook-settings';

const database = useTestDatabase();
const redis = useTestRedis();

// Names the injected resolver answers: one for the receiver, one that points into a private network.
const resolve: HostResolver = async (hostname) => {
  if (hostname === 'receiver.test') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'internal.test') return [{ address: '10.0.0.5', family: 4 }];
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
};

let receiver: WebhookReceiver;
let queues: Queues;
let worker: Worker;
let deps: WebhookDeps;
let tenantId: string;
let projectId: string;
const secrets: string[] = [];
const { logger, lines } = captureLogger('debug');

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const env = testWorkerEnv(database, redis);
  queues = createQueues({ connection: redis.redis, prefix: redis.prefix });
  const fetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'], resolve, timeoutMs: 1500 });
  deps = {
    db: database.db,
    queues,
    logger,
    secretBox: createSecretBox(env.MCPTEST_ENCRYPTION_KEYS),
    now: () => new Date(),
    webhooks: {
      fetch,
      appUrl: 'http://app.test',
      timeoutMs: 1000,
      retryBaseMs: 20,
      retryCapMs: 5000,
      maxAttempts: 3,
      disableAfterFailures: 4,
    },
  };
  worker = createJobWorker(
    'webhooks',
    { 'webhook.deliver': (payload, context) => deliverWebhook(deps, payload, context) },
    { connection: redis.redis, prefix: redis.prefix, concurrency: 4 },
  );
  const { tenant } = await createTenant(database.db, { name: 'Hooks', ownerEmail: `hooks-${Date.now()}@example.test` });
  tenantId = tenant.id;
  const project = await database.db
    .tenant(tenantId)
    .project.create({ data: { tenantId, name: 'p', slug: `p-${Date.now()}` } });
  projectId = project.id;
});
afterAll(async () => {
  await worker?.close();
  await queues?.close();
  await receiver?.close();
});

let counter = 0;
function newSecret(): string {
  counter += 1;
  const secret = `whsec_${Buffer.from(`secret-${counter}-${Math.random()}`.padEnd(24, 'x').slice(0, 24)).toString('base64')}`;
  secrets.push(secret);
  return secret;
}

async function seedWebhook(url: string, options: { previousSecret?: string; previousExpiresAt?: Date } = {}) {
  const secret = newSecret();
  const ctx = secretContext.webhookSecret(tenantId);
  const sealed = deps.secretBox.seal(secret, ctx);
  const previous = options.previousSecret ? deps.secretBox.seal(options.previousSecret, ctx) : undefined;
  const webhook = await database.db.tenant(tenantId).webhook.create({
    data: {
      tenantId,
      projectId,
      url,
      events: ['run.completed'],
      secretEncrypted: sealed.data,
      secretKeyId: sealed.keyId,
      ...(previous
        ? {
            previousSecretEncrypted: previous.data,
            previousSecretKeyId: previous.keyId,
            previousSecretExpiresAt: options.previousExpiresAt,
          }
        : {}),
    },
  });
  return { webhookId: webhook.id, secret };
}

async function seedDelivery(webhookId: string, options: { enqueue?: boolean; createdAt?: Date } = {}) {
  const delivery = await database.db.tenant(tenantId).webhookDelivery.create({
    data: {
      tenantId,
      webhookId,
      event: 'run.completed',
      payload: { type: 'run.completed', timestamp: new Date().toISOString(), data: { run: { id: 'r1' } } },
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    },
  });
  if (options.enqueue ?? true)
    await queues.enqueue('webhook.deliver', { deliveryId: delivery.id, tenantId }, { jobId: `${delivery.id}-1` });
  return delivery.id;
}

const deliveryRow = (id: string) => database.db.tenant(tenantId).webhookDelivery.findFirst({ where: { id } });
const webhookRow = (id: string) => database.db.tenant(tenantId).webhook.findFirst({ where: { id } });

function settled(id: string, timeoutMs = 15_000) {
  return waitFor(
    `delivery ${id} to settle`,
    async () => {
      const row = await deliveryRow(id);
      return row && row.status !== 'PENDING' ? row : undefined;
    },
    timeoutMs,
  );
}

describe('deliverWebhook', () => {
  it('retries a 500 and succeeds on attempt 2 with the same webhook-id and body, signed verifiably', async () => {
    receiver.route('/flaky', (_r, n) => (n === 0 ? { status: 500, body: 'boom' } : { status: 200, body: 'thanks' }));
    const { webhookId, secret } = await seedWebhook(`http://receiver.test:${receiver.port}/flaky`);
    const id = await seedDelivery(webhookId);
    const row = await settled(id);
    expect(row).toMatchObject({
      status: 'SUCCEEDED',
      attempt: 2,
      statusCode: 200,
      responseExcerpt: 'thanks',
      error: null,
    });
    expect(row.deliveredAt).toBeInstanceOf(Date);
    const got = receiver.on('/flaky');
    expect(got).toHaveLength(2);
    for (const request of got) {
      expect(request.headers['webhook-id']).toBe(id);
      expect(request.headers['content-type']).toBe('application/json');
      expect(verifyWith(secret, request)).toMatchObject({ ok: true, body: { type: 'run.completed' } });
    }
    expect(got[1]!.body).toBe(got[0]!.body);
    expect((await webhookRow(webhookId))?.consecutiveFailures).toBe(0);
  });

  it('waits at least as long as Retry-After asks before the next attempt', async () => {
    receiver.route('/busy', (_r, n) => (n === 0 ? { status: 503, headers: { 'retry-after': '2' } } : { status: 204 }));
    const { webhookId } = await seedWebhook(`http://receiver.test:${receiver.port}/busy`);
    const id = await seedDelivery(webhookId);
    const pending = await waitFor('the first attempt to be recorded', async () => {
      const row = await deliveryRow(id);
      return row?.attempt === 1 && row.status === 'PENDING' && row.statusCode === 503 ? row : undefined;
    });
    expect(pending.error).toContain('503');
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'SUCCEEDED', attempt: 2, statusCode: 204 });
    const [first, second] = receiver.on('/busy');
    // Backoff alone would be under 40 ms here (base 20 ms); the header asked for 2 s.
    const gapMs = second!.at - first!.at;
    console.info(`webhooks: Retry-After: 2 -> next attempt ${Math.round(gapMs)} ms after the first`);
    expect(gapMs).toBeGreaterThanOrEqual(1900);
    expect(gapMs).toBeLessThan(10_000);
  });

  it('does not follow a redirect: FAILED at once, naming the Location', async () => {
    const target = `http://receiver.test:${receiver.port}/moved-here`;
    receiver.route('/moved', () => ({ status: 301, headers: { location: target } }));
    const { webhookId } = await seedWebhook(`http://receiver.test:${receiver.port}/moved`);
    const row = await settled(await seedDelivery(webhookId));
    expect(row).toMatchObject({ status: 'FAILED', attempt: 1, statusCode: 301 });
    expect(row.error).toContain(target);
    expect(receiver.on('/moved-here')).toHaveLength(0);
  });

  it('fails a 404 at once, keeping at most 1 KB of a large answer', async () => {
    receiver.route('/missing', () => ({ status: 404, body: 'n'.repeat(200_000) }));
    const { webhookId } = await seedWebhook(`http://receiver.test:${receiver.port}/missing`);
    const row = await settled(await seedDelivery(webhookId));
    expect(row).toMatchObject({ status: 'FAILED', attempt: 1, statusCode: 404 });
    expect(row.responseExcerpt).toBe('n'.repeat(1024));
    expect(receiver.on('/missing')).toHaveLength(1);
  });

  it('disables the webhook on 410 Gone', async () => {
    receiver.route('/gone', () => ({ status: 410 }));
    const { webhookId } = await seedWebhook(`http://receiver.test:${receiver.port}/gone`);
    const row = await settled(await seedDelivery(webhookId));
    expect(row).toMatchObject({ status: 'FAILED', attempt: 1, statusCode: 410 });
    expect(row.error).toMatch(/410 Gone.*disabled/);
    const webhook = await webhookRow(webhookId);
    expect(webhook).toMatchObject({ enabled: false, consecutiveFailures: 1 });
    expect(webhook?.disabledAt).toBeInstanceOf(Date);
    // A disabled webhook sends nothing more.
    const next = await settled(await seedDelivery(webhookId));
    expect(next).toMatchObject({ status: 'FAILED', attempt: 0, error: 'not sent: the webhook is disabled' });
    expect(receiver.on('/gone')).toHaveLength(1);
  });

  it('gives up after maxAttempts, and disables the webhook after N consecutive failed attempts', async () => {
    receiver.route('/down', () => ({ status: 502, body: 'bad gateway' }));
    const { webhookId } = await seedWebhook(`http://receiver.test:${receiver.port}/down`);
    const first = await settled(await seedDelivery(webhookId));
    expect(first).toMatchObject({ status: 'FAILED', attempt: 3, statusCode: 502 });
    expect(first.error).toContain('gave up after 3 attempts');
    expect(await webhookRow(webhookId)).toMatchObject({ enabled: true, consecutiveFailures: 3 });
    // The fourth failed attempt in a row (another delivery) reaches disableAfterFailures = 4.
    const second = await settled(await seedDelivery(webhookId));
    expect(second).toMatchObject({ status: 'FAILED', attempt: 1 });
    expect(second.error).toContain('the webhook was disabled (4 consecutive failed attempts)');
    expect(await webhookRow(webhookId)).toMatchObject({ enabled: false, consecutiveFailures: 4 });
    expect(receiver.on('/down')).toHaveLength(4);
    expect(lines.some((l) => l.msg === 'webhook disabled' && l.webhookId === webhookId)).toBe(true);
  });

  it('refuses a host name that resolves to a private address, naming the rule, without retrying', async () => {
    const { webhookId } = await seedWebhook(`http://internal.test:${receiver.port}/inside`);
    const row = await settled(await seedDelivery(webhookId));
    expect(row).toMatchObject({ status: 'FAILED', attempt: 1, statusCode: null });
    expect(row.error).toContain('private_address');
    // The delivery log is shown to the tenant: the rule, never the address the name resolved to.
    expect(row.error).not.toContain('10.0.0.5');
  });

  it('retries an attempt that timed out', async () => {
    receiver.route('/slow', (_r, n) => (n === 0 ? { status: 200, hang: true } : { status: 200, body: 'late' }));
    const { webhookId } = await seedWebhook(`http://receiver.test:${receiver.port}/slow`);
    const id = await seedDelivery(webhookId);
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'SUCCEEDED', attempt: 2, responseExcerpt: 'late' });
  });

  it('signs with both secrets during a rotation overlap, and with the new one only after it', async () => {
    const oldSecret = newSecret();
    receiver.route('/rotating', () => ({ status: 200 }));
    const url = `http://receiver.test:${receiver.port}/rotating`;
    const during = await seedWebhook(url, {
      previousSecret: oldSecret,
      previousExpiresAt: new Date(Date.now() + 3600_000),
    });
    await settled(await seedDelivery(during.webhookId));
    const after = await seedWebhook(url, { previousSecret: oldSecret, previousExpiresAt: new Date(Date.now() - 1000) });
    await settled(await seedDelivery(after.webhookId));
    const [overlap, expired] = receiver.on('/rotating');
    expect(overlap!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifyWith(oldSecret, overlap!).ok).toBe(true);
    expect(verifyWith(during.secret, overlap!).ok).toBe(true);
    expect(expired!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verifyWith(after.secret, expired!).ok).toBe(true);
    expect(verifyWith(oldSecret, expired!)).toMatchObject({ ok: false, error: 'No matching signature found' });
  });

  it('sends one attempt once even when two jobs race for it', async () => {
    receiver.route('/once', () => ({ status: 200 }));
    const { webhookId } = await seedWebhook(`http://receiver.test:${receiver.port}/once`);
    const id = await seedDelivery(webhookId, { enqueue: false });
    const outcomes = await Promise.all([
      deliverWebhook(deps, { deliveryId: id, tenantId }),
      deliverWebhook(deps, { deliveryId: id, tenantId }),
      deliverWebhook(deps, { deliveryId: id, tenantId }),
    ]);
    expect(outcomes.filter((o) => o.outcome === 'succeeded')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'skipped')).toHaveLength(2);
    expect(receiver.on('/once')).toHaveLength(1);
  });

  it('the sweep queues a pending delivery whose job was lost, and leaves fresh ones alone', async () => {
    receiver.route('/lost', () => ({ status: 200 }));
    const { webhookId } = await seedWebhook(`http://receiver.test:${receiver.port}/lost`);
    const lost = await seedDelivery(webhookId, { enqueue: false, createdAt: new Date(Date.now() - 10 * 60_000) });
    const fresh = await seedDelivery(webhookId, { enqueue: false });
    expect(await requeueDueDeliveries(deps)).toBe(1);
    expect(await settled(lost)).toMatchObject({ status: 'SUCCEEDED', attempt: 1 });
    expect((await deliveryRow(fresh))?.status).toBe('PENDING');
    await database.db.tenant(tenantId).webhookDelivery.deleteMany({ where: { id: fresh } });
  });

  it('never puts a secret in Redis or in a log line', async () => {
    const values: string[] = [];
    // scanKeys: every primary on a cluster.
    const keys = await scanKeys(redis.redis, `${redis.prefix}:*`);
    for (const key of keys) {
      values.push(key);
      const type = await redis.redis.type(key);
      if (type === 'string') values.push((await redis.redis.get(key)) ?? '');
      else if (type === 'hash') values.push(JSON.stringify(await redis.redis.hgetall(key)));
      else if (type === 'list') values.push(JSON.stringify(await redis.redis.lrange(key, 0, -1)));
      else if (type === 'set') values.push(JSON.stringify(await redis.redis.smembers(key)));
      else if (type === 'zset') values.push(JSON.stringify(await redis.redis.zrange(key, '0', '-1')));
      else if (type === 'stream') values.push(JSON.stringify(await redis.redis.xrange(key, '-', '+')));
    }
    const redisText = values.join('\n');
    const logText = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(redisText).toContain('webhook.deliver');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      const key = secret.slice('whsec_'.length);
      expect(redisText).not.toContain(key);
      expect(logText).not.toContain(key);
    }
  });
});
