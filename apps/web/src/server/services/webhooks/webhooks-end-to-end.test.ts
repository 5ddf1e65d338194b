// Webhooks end to end: registered through the services, fired by real runs in an in-process worker (startTestWorker)
// against the mock MCP server, delivered to a local receiver that verifies each one with the standardwebhooks library.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '@mcptest/db';
import { createQueues, scanKeys, type Queues } from '@mcptest/redis';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import {
  queueRun,
  seedSuite,
  startTestWorker,
  testWorkerEnv,
  useWorkerMock,
  waitFor,
  waitForRunEnd,
  type SeededSuite,
} from '../../../../../../test/worker';
import {
  startWebhookReceiver,
  verifyWith,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../../../../../../test/webhook-receiver';
import type { Actor } from '@/server/services/service-deps';
import { createWebhook } from './create-webhook';
import { listDeliveries } from './list-deliveries';
import { redeliverDelivery } from './redeliver-delivery';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import type { WebhookServiceDeps } from './webhook-service-deps';

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useWorkerMock();
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let receiver: WebhookReceiver;
let queues: Queues;
let deps: WebhookServiceDeps;
let seeded: SeededSuite;
let actor: Actor;

// One assertion that passes and one that fails; the baseline says the failing one passed before (a regression).
const SUITE = `
name: hooks
assertions:
  - name: finds apples
    assert: { tool: search, args: { q: apples }, expect: { contains: [found apples] } }
  - name: finds nothing
    assert: { tool: search, args: { q: pears }, expect: { contains: [found plums] } }
`;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  worker = await startTestWorker(database, redis, {
    APP_URL: 'https://mcptest.example',
    // A public APP_URL with the test's development key (decideEnvMode).
    MCPTEST_ALLOW_DEV_DEFAULTS: '1',
    WEBHOOK_RETRY_BASE_MS: '50',
    WEBHOOK_RETRY_CAP_MS: '2000',
  });
  queues = createQueues({ connection: redis.redis, prefix: redis.prefix });
  deps = {
    db: database.db,
    queues,
    secretBox: createSecretBox(testWorkerEnv(database, redis).MCPTEST_ENCRYPTION_KEYS),
    allowPrivateNetworks: ['127.0.0.0/8', '::1/128'],
    now: () => new Date(),
  };
  seeded = await seedSuite(database.db, { serverUrl: mock.url, yaml: SUITE });
  actor = { tenantId: seeded.tenantId, tokenId: 'tok_test' };
  await database.db.tenant(seeded.tenantId).baseline.create({
    data: {
      tenantId: seeded.tenantId,
      suiteId: seeded.suiteId,
      results: {
        version: 1,
        entries: [
          { name: 'finds apples', status: 'PASS' },
          { name: 'finds nothing', status: 'PASS' },
        ],
      },
    },
  });
});
afterAll(async () => {
  await worker?.stop();
  await queues?.close();
  await receiver?.close();
});

const secrets: string[] = [];

async function runOnce(): Promise<string> {
  const runId = await queueRun(database.db, redis, seeded);
  const run = await waitForRunEnd(database.db, runId);
  expect(run.status).toBe('FAILED');
  return runId;
}

function deliveriesTo(path: string, count: number): Promise<ReceivedWebhook[]> {
  return waitFor(`${count} deliveries to ${path}`, async () => {
    const got = receiver.on(path);
    return got.length >= count ? got : undefined;
  });
}

describe('webhooks end to end', () => {
  let failedOnly: { id: string; secret: string };
  let everything: { id: string; secret: string };
  let firstRunId: string;

  it('a finished run is delivered for subscribed events only, and every delivery verifies', async () => {
    const a = await createWebhook(deps, actor, seeded.projectId, {
      url: `${receiver.url}/failed-only`,
      events: ['run.failed'],
    });
    const b = await createWebhook(deps, actor, seeded.projectId, {
      url: `${receiver.url}/completed-regressed`,
      events: ['run.regressed', 'run.completed'],
    });
    const c = await createWebhook(deps, actor, seeded.projectId, { url: `${receiver.url}/disabled`, enabled: false });
    expect(c.enabled).toBe(false);
    failedOnly = { id: a.id, secret: a.secret };
    everything = { id: b.id, secret: b.secret };
    secrets.push(a.secret, b.secret, c.secret);

    firstRunId = await runOnce();
    const [failed] = await deliveriesTo('/failed-only', 1);
    const both = await deliveriesTo('/completed-regressed', 2);

    const body = verifyWith(failedOnly.secret, failed!);
    expect(body).toMatchObject({
      ok: true,
      body: {
        type: 'run.failed',
        data: {
          run: {
            id: firstRunId,
            url: `https://mcptest.example/runs/${firstRunId}`,
            projectId: seeded.projectId,
            suiteId: seeded.suiteId,
            suiteVersion: 1,
            status: 'failed',
            trigger: 'api',
            summary: { total: 2, passed: 1, failed: 1, skipped: 0 },
            regressions: [{ name: 'finds nothing', before: 'PASS', after: 'FAIL' }],
            error: null,
          },
        },
      },
    });
    expect(verifyWith(everything.secret, failed!).ok).toBe(false);
    const types = both.map((request) => {
      const verified = verifyWith(everything.secret, request);
      expect(verified.ok).toBe(true);
      return (verified as { body: { type: string } }).body.type;
    });
    expect(types.sort()).toEqual(['run.completed', 'run.regressed']);
    // Standard Webhooks headers: the delivery id, seconds since the epoch, v1 signatures.
    expect(failed!.headers['webhook-id']).toMatch(/^c[a-z0-9]+$/);
    expect(Math.abs(Number(failed!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(failed!.headers['webhook-signature']).toMatch(/^v1,/);

    // Nothing for the disabled webhook, and exactly one row per (webhook, event).
    // The receiver answers before the worker records the answer.
    const log = await waitFor('both deliveries to be recorded', async () => {
      const page = await listDeliveries(deps, actor, everything.id, {});
      return page.items.every((d) => d.status === 'succeeded') ? page : undefined;
    });
    expect(log.items.map((d) => [d.event, d.status, d.attempt, d.statusCode])).toEqual(
      expect.arrayContaining([
        ['run.completed', 'succeeded', 1, 200],
        ['run.regressed', 'succeeded', 1, 200],
      ]),
    );
    expect(log.items).toHaveLength(2);
    expect(await database.db.tenant(seeded.tenantId).webhookDelivery.count({ where: { webhookId: c.id } })).toBe(0);
    expect(receiver.on('/disabled')).toHaveLength(0);
  });

  it('during a rotation overlap, a receiver with only the old secret and one with only the new both verify', async () => {
    const rotated = await rotateWebhookSecret(deps, actor, failedOnly.id);
    secrets.push(rotated.secret);
    expect(rotated.secret).not.toBe(failedOnly.secret);
    expect(Date.parse(rotated.previousSecretExpiresAt!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    await runOnce();
    const [, second] = await deliveriesTo('/failed-only', 2);
    expect(second!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifyWith(failedOnly.secret, second!)).toMatchObject({ ok: true, body: { type: 'run.failed' } });
    expect(verifyWith(rotated.secret, second!)).toMatchObject({ ok: true, body: { type: 'run.failed' } });
  });

  it('redelivers a delivery as a new one with the same body', async () => {
    const log = await listDeliveries(deps, actor, everything.id, { status: 'succeeded', limit: 100 });
    const original = log.items.find((d) => d.runId === firstRunId && d.event === 'run.completed')!;
    const before = receiver.on('/completed-regressed').length;
    const again = await redeliverDelivery(deps, actor, everything.id, original.id);
    expect(again).toMatchObject({ event: 'run.completed', runId: firstRunId, status: 'pending', attempt: 0 });
    expect(again.id).not.toBe(original.id);
    // Wait for this very delivery: a late delivery of an earlier run may reach the receiver first.
    await deliveriesTo('/completed-regressed', before + 1);
    const resent = await waitFor('the redelivery to arrive', async () =>
      receiver.on('/completed-regressed').find((r) => r.headers['webhook-id'] === again.id),
    );
    const got = receiver.on('/completed-regressed');
    const first = got.find((r) => r.headers['webhook-id'] === original.id)!;
    expect(resent.body).toBe(first.body);
    expect(verifyWith(everything.secret, resent).ok).toBe(true);
    await waitFor('the redelivery to be recorded', async () => {
      const page = await listDeliveries(deps, actor, everything.id, { status: 'succeeded', limit: 100 });
      return page.items.some((d) => d.id === again.id) ? true : undefined;
    });
  });

  it('never puts a secret in Redis or in the worker log', async () => {
    expect(worker.lines.some((l) => l.msg === 'webhook delivered')).toBe(true);
    const values: string[] = [];
    // scanKeys: every primary on a cluster.
    const keys = await scanKeys(redis.redis, `${redis.prefix}:*`);
    for (const key of keys) {
      const type = await redis.redis.type(key);
      if (type === 'string') values.push((await redis.redis.get(key)) ?? '');
      else if (type === 'hash') values.push(JSON.stringify(await redis.redis.hgetall(key)));
      else if (type === 'list') values.push(JSON.stringify(await redis.redis.lrange(key, 0, -1)));
      else if (type === 'zset') values.push(JSON.stringify(await redis.redis.zrange(key, '0', '-1')));
      else if (type === 'set') values.push(JSON.stringify(await redis.redis.smembers(key)));
      else if (type === 'stream') values.push(JSON.stringify(await redis.redis.xrange(key, '-', '+')));
    }
    const redisText = values.join('\n');
    const logText = worker.lines.map((l) => JSON.stringify(l)).join('\n');
    expect(secrets.length).toBe(4);
    for (const secret of secrets) {
      expect(redisText).not.toContain(secret.slice('whsec_'.length));
      expect(logText).not.toContain(secret.slice('whsec_'.length));
    }
  });
});
