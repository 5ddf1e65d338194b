// The suite badge service against real Postgres and Redis: states, cache hits and invalidation, styles, Redis down.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { badgeEntryKey, createRedis, invalidateBadges, type Redis, listKeys } from '@mcptest/redis';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { addRun, seedBadgeSuite, suiteBadgeKey } from './badge-test-helpers';
import type { BadgeRequest } from './badge-request';
import { getSuiteBadge } from './get-suite-badge';
import type { BadgeDeps } from './serve-cached-badge';

const database = useTestDatabase();
const testRedis = useTestRedis();
const deps = (): BadgeDeps => ({ db: database.db, redis: testRedis.redis, prefix: testRedis.prefix });

const json = (badgeKey: string, over: Partial<BadgeRequest> = {}): BadgeRequest => ({
  badgeKey,
  format: 'json',
  style: 'flat',
  ...over,
});
describe('getSuiteBadge', () => {
  it('shows each state of the latest finished run, skipping cancelled and unfinished runs', async () => {
    const cases: { runs: Parameters<typeof addRun>[2][]; message: string; color: string }[] = [
      { runs: [], message: 'no runs', color: 'lightgrey' },
      { runs: [{ status: 'QUEUED' }, { status: 'CANCELLED' }], message: 'no runs', color: 'lightgrey' },
      { runs: [{ status: 'FAILED', failed: 1 }, { status: 'PASSED' }], message: 'passing', color: 'brightgreen' },
      { runs: [{ status: 'PASSED' }, { status: 'FAILED', failed: 2, total: 7 }], message: 'failing 2/7', color: 'red' },
      { runs: [{ status: 'PASSED' }, { status: 'ERROR', total: 0 }], message: 'error', color: 'orange' },
      {
        runs: [{ status: 'FAILED', failed: 3, total: 4 }, { status: 'CANCELLED' }, { status: 'RUNNING' }],
        message: 'failing 3/4',
        color: 'red',
      },
    ];
    let tenantId: string | undefined;
    for (const c of cases) {
      const seeded = await seedBadgeSuite(database.db, undefined, { tenantId });
      tenantId = seeded.tenantId;
      for (const run of c.runs) await addRun(database.db, seeded, run);
      const key = await suiteBadgeKey(database.db, seeded);
      const badge = await getSuiteBadge(deps(), json(key));
      expect(badge).toMatchObject({ status: 200, format: 'json', cache: 'miss' });
      expect(JSON.parse(badge.body), c.message).toEqual({
        schemaVersion: 1,
        label: 'mcptest',
        message: c.message,
        color: c.color,
        style: 'flat',
      });
      expect(badge.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    }
  });

  it('serves the cached bytes without reading Postgres until the suite is invalidated', async () => {
    const seeded = await seedBadgeSuite(database.db);
    await addRun(database.db, seeded, { status: 'FAILED', failed: 1, total: 3 });
    const key = await suiteBadgeKey(database.db, seeded);
    const first = await getSuiteBadge(deps(), json(key));
    expect(first.cache).toBe('miss');
    expect(JSON.parse(first.body)).toMatchObject({ message: 'failing 1/3' });
    const second = await getSuiteBadge(deps(), json(key));
    expect(second).toEqual({ ...first, cache: 'hit' });

    // Postgres changes behind the cache's back (a newer run passed): the cache still answers (it did not read Postgres).
    await addRun(database.db, seeded, { status: 'PASSED' });
    expect(await getSuiteBadge(deps(), json(key))).toEqual(second);

    // The worker's call when a run finishes: the next request renders from Postgres again.
    await invalidateBadges(testRedis.redis, testRedis.prefix, { suiteId: seeded.suiteId });
    const fresh = await getSuiteBadge(deps(), json(key));
    expect(fresh.cache).toBe('miss');
    expect(JSON.parse(fresh.body)).toMatchObject({ message: 'passing' });
    expect(fresh.etag).not.toBe(first.etag);
    expect((await getSuiteBadge(deps(), json(key))).cache).toBe('hit');
  });

  it('caches each style, format and label apart', async () => {
    const seeded = await seedBadgeSuite(database.db);
    await addRun(database.db, seeded, { status: 'PASSED' });
    const key = await suiteBadgeKey(database.db, seeded);
    const svg = (style: BadgeRequest['style'], label?: string) =>
      getSuiteBadge(deps(), { badgeKey: key, format: 'svg', style, ...(label === undefined ? {} : { label }) });

    const flat = await svg('flat');
    expect(flat.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(flat.body).toContain('<title>mcptest: passing</title>');
    const square = await svg('flat-square');
    const big = await svg('for-the-badge');
    expect(big.body).toContain('PASSING');
    expect(new Set([flat.body, square.body, big.body]).size).toBe(3);
    expect(new Set([flat.etag, square.etag, big.etag]).size).toBe(3);

    const labelled = await svg('flat', 'my <api>');
    expect(labelled.body).toContain('<title>my &lt;api&gt;: passing</title>');
    expect((await svg('flat', '')).body).toContain('<title>passing</title>');
    expect(JSON.parse((await getSuiteBadge(deps(), json(key, { label: 'x', style: 'for-the-badge' }))).body)).toEqual({
      schemaVersion: 1,
      label: 'x',
      message: 'passing',
      color: 'brightgreen',
      style: 'for-the-badge',
    });
    // Each style was stored under its own key and is now a hit; any label is drawn from the style's entry.
    expect((await svg('flat')).cache).toBe('hit');
    expect((await svg('for-the-badge')).cache).toBe('hit');
    expect(await svg('flat', 'my <api>')).toEqual({ ...labelled, cache: 'hit' });
    expect((await svg('flat', 'other')).cache).toBe('hit');
  });

  it('adds no Redis key for 1,000 label variants of a badge, and draws each label', async () => {
    const seeded = await seedBadgeSuite(database.db);
    await addRun(database.db, seeded, { status: 'FAILED', failed: 1, total: 2 });
    const key = await suiteBadgeKey(database.db, seeded);
    const { redis, prefix } = testRedis;
    const badgeKeys = async () => (await listKeys(redis, `${prefix}:{badge}:*`)).sort();
    const before = await badgeKeys();
    for (let i = 0; i < 1000; i += 1) {
      const badge = await getSuiteBadge(deps(), json(key, { label: `label ${i}` }));
      expect(JSON.parse(badge.body)).toMatchObject({ label: `label ${i}`, message: 'failing 1/2' });
    }
    const after = await badgeKeys();
    // One entry: this badge's json/flat rendering, whatever the labels.
    expect(after.filter((k) => !before.includes(k))).toEqual([
      badgeEntryKey(prefix, { kind: 'suite', badgeKey: key, format: 'json', style: 'flat' }),
    ]);
    for (const k of after) expect(await redis.ttl(k), k).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown key, a suite id, or a malformed key, and caches nothing', async () => {
    const seeded = await seedBadgeSuite(database.db);
    for (const badgeKey of ['no-such-key-0000000000000000', seeded.suiteId, '../etc', 'a'.repeat(200), '']) {
      const badge = await getSuiteBadge(deps(), json(badgeKey));
      expect(badge).toMatchObject({ status: 404, cache: 'none' });
      expect(JSON.parse(badge.body)).toEqual({
        schemaVersion: 1,
        label: 'mcptest',
        message: 'not found',
        color: 'lightgrey',
        style: 'flat',
        isError: true,
      });
    }
    const svg = await getSuiteBadge(deps(), { badgeKey: 'nope', format: 'svg', style: 'flat' });
    expect(svg.status).toBe(404);
    expect(svg.body).toContain('not found');
    expect(await testRedis.redis.exists(badgeEntryKey(testRedis.prefix, { kind: 'suite', ...json('nope') }))).toBe(0);
  });

  describe('when Redis is unavailable', () => {
    const closers: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const close of closers) await close();
    });
    const onCacheError = (messages: string[]) => (m: string) => messages.push(m);

    it('renders from Postgres when Redis refuses connections', async () => {
      const seeded = await seedBadgeSuite(database.db);
      await addRun(database.db, seeded, { status: 'FAILED', failed: 2, total: 2 });
      const key = await suiteBadgeKey(database.db, seeded);
      const down: Redis = createRedis({ url: 'redis://127.0.0.1:1', role: 'producer', name: 'badge-down' });
      down.on('error', () => {});
      closers.push(() => down.disconnect());
      const messages: string[] = [];
      const badge = await getSuiteBadge({ ...deps(), redis: down, onCacheError: onCacheError(messages) }, json(key));
      expect(badge).toMatchObject({ status: 200, cache: 'bypass' });
      expect(JSON.parse(badge.body)).toMatchObject({ message: 'failing 2/2' });
      // A producer connection queues commands while it reconnects; the badge's own short timeout skips the cache, so
      // at most a warning is reported, and the badge is still served.
      expect(messages.length).toBeLessThanOrEqual(1);
      expect(
        (await getSuiteBadge({ ...deps(), redis: down, onCacheError: () => {} }, json('unknown-key'))).status,
      ).toBe(404);
    });

    it('renders from Postgres when Redis accepts connections but never answers', async () => {
      const seeded = await seedBadgeSuite(database.db);
      await addRun(database.db, seeded, { status: 'PASSED' });
      const key = await suiteBadgeKey(database.db, seeded);
      // A TCP peer that reads and never replies: commands queue up waiting for an answer.
      const sockets = new Set<net.Socket>();
      const silent = net.createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => {});
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      closers.push(
        () =>
          new Promise<void>((resolve) => {
            for (const s of sockets) s.destroy();
            silent.close(() => resolve());
          }),
      );
      const { port } = silent.address() as net.AddressInfo;
      const hung: Redis = createRedis({ url: `redis://127.0.0.1:${port}`, name: 'badge-hung' });
      hung.on('error', () => {});
      closers.unshift(() => hung.disconnect());
      const messages: string[] = [];
      const started = Date.now();
      const badge = await getSuiteBadge(
        { ...deps(), redis: hung, cacheTimeoutMs: 200, onCacheError: onCacheError(messages) },
        json(key),
      );
      expect(badge).toMatchObject({ status: 200, cache: 'bypass' });
      expect(JSON.parse(badge.body)).toMatchObject({ message: 'passing' });
      expect(messages).toEqual([expect.stringContaining('did not answer within 200 ms')]);
      // One timeout, not one per cache step (generous bound for a loaded machine).
      expect(Date.now() - started).toBeLessThan(5000);
    });
  });
});
