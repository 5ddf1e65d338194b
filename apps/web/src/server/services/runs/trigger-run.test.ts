// Triggering without a worker: quotas before anything is queued, idempotency, and the inbound trigger URL.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryDigestKey, DELIVERY_DIGEST_TTL_SECONDS, tenantDailyBudgetKey } from '@mcptest/redis';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { seedSuite } from '../../../../../../test/worker';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { createTriggerUrl } from '@/server/services/suites/create-trigger-url';
import { triggerFromInboundUrl } from './trigger-from-inbound-url';
import { triggerRun } from './trigger-run';

const database = useTestDatabase();
const redis = useTestRedis();

// A quota of 2 queued runs and 10 calls a day, to reach both limits.
const sharedDeps = testServiceDeps(database, redis, { plans: { FREE: { maxQueuedRuns: 2, dailyCalls: 10 } } });

const YAML = 'assertions:\n  - name: a\n    assert: { tool: t, expect: { not_error: true } }\n';

describe('triggerRun', () => {
  const d = sharedDeps;

  it('refuses a trigger beyond the queued-runs quota, but still answers a repeated idempotency key', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const actor = { tenantId: seeded.tenantId };
    const first = await triggerRun(d, actor, seeded.suiteId, {}, { trigger: 'API', idempotencyKey: 'k1' });
    await triggerRun(d, actor, seeded.suiteId, {}, { trigger: 'API' });
    const refused = await triggerRun(d, actor, seeded.suiteId, {}, { trigger: 'API' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'quota_exceeded', details: { quota: 'maxQueuedRuns', limit: 2 } });
    // No worker runs here, so nothing was queued beyond the two.
    expect(await database.db.tenant(seeded.tenantId).run.count()).toBe(2);
    const again = await triggerRun(d, actor, seeded.suiteId, {}, { trigger: 'API', idempotencyKey: 'k1' });
    expect(again.finished ? again.run.id : again.id).toBe(first.finished ? first.run.id : first.id);
  });

  it('refuses a trigger once the tenant used its daily calls', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const day = new Date().toISOString().slice(0, 10);
    await redis.redis.set(tenantDailyBudgetKey(redis.prefix, seeded.tenantId, day), '10');
    const refused = await triggerRun(d, { tenantId: seeded.tenantId }, seeded.suiteId, {}, { trigger: 'API' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ code: 'quota_exceeded', details: { quota: 'dailyCalls' } });
  });
});

describe('inbound trigger URL', () => {
  const d = sharedDeps;

  it('runs a GitHub push signed with the secret, refuses a bad signature, and answers ping', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const actor = { tenantId: seeded.tenantId };
    const { url, token } = await createTriggerUrl(d, actor, seeded.suiteId, { githubSecret: 'gh-hook-secret' });
    expect(url).toBe(`https://mcptest.example/api/v1/triggers/${token}`);
    // 256 random bits after the prefix, as docs/security.md says of trigger tokens.
    expect(token).toMatch(/^mcptr_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice('mcptr_'.length), 'base64url')).toHaveLength(32);
    const body = JSON.stringify({ ref: 'refs/heads/main', after: 'deadbeef' });
    const sign = (secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const headers = (signature: string, event = 'push') =>
      new Headers({ 'x-github-event': event, 'x-hub-signature-256': signature, 'x-github-delivery': 'delivery-1' });

    const wrong = await triggerFromInboundUrl(d, token, headers(sign('not-the-secret')), body).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'unauthorized' });
    const missing = await triggerFromInboundUrl(d, token, new Headers({ 'x-github-event': 'push' }), body).catch(
      (e: unknown) => e,
    );
    expect(missing).toMatchObject({ code: 'unauthorized' });

    const ran = await triggerFromInboundUrl(d, token, headers(sign('gh-hook-secret')), body);
    expect(ran.kind).toBe('triggered');
    const run = await database.db.tenant(seeded.tenantId).run.findFirstOrThrow({ where: { suiteId: seeded.suiteId } });
    expect(run).toMatchObject({
      trigger: 'WEBHOOK',
      commitSha: 'deadbeef',
      branch: 'main',
      idempotencyKey: 'delivery-1',
    });
    // GitHub retries a delivery with the same id: same run.
    await triggerFromInboundUrl(d, token, headers(sign('gh-hook-secret')), body);
    expect(await database.db.tenant(seeded.tenantId).run.count({ where: { suiteId: seeded.suiteId } })).toBe(1);

    const pingBody = '{"zen":"Keep it logically awesome."}';
    const ping = await triggerFromInboundUrl(
      d,
      token,
      new Headers({
        'x-github-event': 'ping',
        'x-hub-signature-256': `sha256=${createHmac('sha256', 'gh-hook-secret').update(pingBody).digest('hex')}`,
      }),
      pingBody,
    );
    expect(ping).toEqual({ kind: 'ignored', reason: 'pong' });
    expect(await triggerFromInboundUrl(d, 'mcptr_unknown', new Headers(), '').catch((e: unknown) => e)).toMatchObject({
      code: 'not_found',
    });
  });

  it('runs a pull_request head commit, ignores closed pull requests, and accepts plain {commitSha, branch}', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const { token } = await createTriggerUrl(d, { tenantId: seeded.tenantId }, seeded.suiteId, {});
    const pr = (action: string) =>
      JSON.stringify({ action, pull_request: { head: { sha: 'cafe01', ref: 'feature/x' } } });
    const closed = await triggerFromInboundUrl(
      d,
      token,
      new Headers({ 'x-github-event': 'pull_request' }),
      pr('closed'),
    );
    expect(closed.kind).toBe('ignored');
    await triggerFromInboundUrl(d, token, new Headers({ 'x-github-event': 'pull_request' }), pr('synchronize'));
    await triggerFromInboundUrl(d, token, new Headers(), JSON.stringify({ commitSha: 'beef02', branch: 'release' }));
    const runs = await database.db
      .tenant(seeded.tenantId)
      .run.findMany({ where: { suiteId: seeded.suiteId }, orderBy: { queuedAt: 'asc' } });
    expect(runs.map((r) => [r.commitSha, r.branch])).toEqual([
      ['cafe01', 'feature/x'],
      ['beef02', 'release'],
    ]);
    const bad = await triggerFromInboundUrl(d, token, new Headers(), '{"commit":1}').catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'validation_failed' });
  });

  it('starts no second run for the same signed GitHub payload under a new delivery id (24 h digest)', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const { token } = await createTriggerUrl(d, { tenantId: seeded.tenantId }, seeded.suiteId, { githubSecret: 's3' });
    const signed = (body: string, delivery?: string, event = 'push') =>
      new Headers({
        'x-github-event': event,
        'x-hub-signature-256': `sha256=${createHmac('sha256', 's3').update(body).digest('hex')}`,
        ...(delivery ? { 'x-github-delivery': delivery } : {}),
      });
    const runIds = async () =>
      (
        await database.db
          .tenant(seeded.tenantId)
          .run.findMany({ where: { suiteId: seeded.suiteId }, orderBy: { queuedAt: 'asc' } })
      ).map((r) => r.id);
    const runIdOf = (result: Awaited<ReturnType<typeof triggerFromInboundUrl>>) =>
      result.kind === 'triggered' ? (result.outcome.finished ? result.outcome.run.id : result.outcome.id) : undefined;

    const body = JSON.stringify({ ref: 'refs/heads/main', after: 'feed01' });
    const first = runIdOf(await triggerFromInboundUrl(d, token, signed(body, 'delivery-a'), body));
    // A replay of the captured delivery with a fresh id (or none): still verifies, answers the first run.
    expect(runIdOf(await triggerFromInboundUrl(d, token, signed(body, 'delivery-b'), body))).toBe(first);
    expect(runIdOf(await triggerFromInboundUrl(d, token, signed(body), body))).toBe(first);
    expect(await runIds()).toEqual([first]);

    // A different payload is a different delivery.
    const other = JSON.stringify({ ref: 'refs/heads/main', after: 'feed02' });
    const second = runIdOf(await triggerFromInboundUrl(d, token, signed(other, 'delivery-c'), other));
    expect(second).not.toBe(first);
    expect(await runIds()).toEqual([first, second]);

    // Remembered for 24 h, per suite, under a bounded key.
    const digest = createHash('sha256').update(`push\n${body}`).digest('hex');
    const ttl = await redis.redis.ttl(deliveryDigestKey(redis.prefix, seeded.suiteId, digest));
    expect(ttl).toBeGreaterThan(DELIVERY_DIGEST_TTL_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(DELIVERY_DIGEST_TTL_SECONDS);
    expect(DELIVERY_DIGEST_TTL_SECONDS).toBe(24 * 60 * 60);
  });
});
