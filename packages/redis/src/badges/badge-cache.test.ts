import { describe, expect, it } from 'vitest';
import { useTestRedis } from '../../../../test/redis';
import {
  BADGE_CACHE_TTL_SECONDS,
  BADGE_VERSION_TTL_SECONDS,
  badgeEntryKey,
  badgeVersionKey,
  type BadgeVariant,
} from './badge-cache-keys';
import { createBadgeCache, INITIAL_BADGE_VERSION, type CachedBadge } from './badge-cache';
import { invalidateBadges } from './invalidate-badges';

const testRedis = useTestRedis();

const variant = (over: Partial<BadgeVariant> = {}): BadgeVariant => ({
  kind: 'suite',
  badgeKey: 'k1',
  format: 'svg',
  style: 'flat',
  ...over,
});
const entry = (over: Partial<CachedBadge> = {}): CachedBadge => ({
  subjectId: 'suite-1',
  version: INITIAL_BADGE_VERSION,
  status: { state: 'passing' },
  body: '<svg/>',
  etag: '"e1"',
  ...over,
});

describe('badge cache', () => {
  it('serves a stored rendering until its subject is invalidated, and expires entries', async () => {
    const { redis, prefix } = testRedis;
    const cache = createBadgeCache({ redis, prefix });
    const v = variant({ badgeKey: 'hit' });
    expect(await cache.lookup(v)).toBeUndefined();
    const version = await cache.version('suite', 'suite-1');
    expect(version).toBe(INITIAL_BADGE_VERSION);
    await cache.store(v, entry({ version }));
    expect(await cache.lookup(v)).toEqual(entry({ version }));
    const ttl = await redis.ttl(badgeEntryKey(prefix, v));
    expect(ttl).toBeGreaterThan(BADGE_CACHE_TTL_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(BADGE_CACHE_TTL_SECONDS);

    await invalidateBadges(redis, prefix, { suiteId: 'suite-1', projectId: 'project-1' });
    expect(await cache.lookup(v)).toBeUndefined();
    const next = await cache.version('suite', 'suite-1');
    expect(next).not.toBe(version);
    expect(await redis.ttl(badgeVersionKey(prefix, 'suite', 'suite-1'))).toBeGreaterThan(
      BADGE_VERSION_TTL_SECONDS - 60,
    );
    await cache.store(v, entry({ version: next, body: '<svg>new</svg>' }));
    expect((await cache.lookup(v))?.body).toBe('<svg>new</svg>');
  });

  it('ignores a rendering stored under a version read before an invalidation (a run finished mid-render)', async () => {
    const { redis, prefix } = testRedis;
    const cache = createBadgeCache({ redis, prefix });
    const v = variant({ badgeKey: 'race' });
    const before = await cache.version('suite', 'suite-race');
    await invalidateBadges(redis, prefix, { suiteId: 'suite-race' });
    await cache.store(v, entry({ subjectId: 'suite-race', version: before }));
    expect(await cache.lookup(v)).toBeUndefined();
  });

  it('invalidates suites and projects independently, and by id only', async () => {
    const { redis, prefix } = testRedis;
    const cache = createBadgeCache({ redis, prefix });
    const suite = variant({ badgeKey: 'ind-s' });
    const project = variant({ kind: 'project', badgeKey: 'ind-p' });
    await cache.store(suite, entry({ subjectId: 's-ind', version: await cache.version('suite', 's-ind') }));
    await cache.store(project, entry({ subjectId: 'p-ind', version: await cache.version('project', 'p-ind') }));
    await invalidateBadges(redis, prefix, { projectId: 'p-ind' });
    expect(await cache.lookup(suite)).toBeDefined();
    expect(await cache.lookup(project)).toBeUndefined();
    // A suite and a project with the same id are different subjects.
    await invalidateBadges(redis, prefix, { suiteId: 'p-ind' });
    expect(await cache.lookup(suite)).toBeDefined();
    await invalidateBadges(redis, prefix, {});
    expect(await cache.lookup(suite)).toBeDefined();
  });

  it("invalidates a suite's conformance badge with its suite badge (a finished run changes both)", async () => {
    const { redis, prefix } = testRedis;
    const cache = createBadgeCache({ redis, prefix });
    const conformance = variant({ kind: 'conformance', badgeKey: 'conf' });
    const status = { state: 'conformance', revision: '2026-07-28', passed: 3, judged: 4, ok: false } as const;
    await cache.store(
      conformance,
      entry({ subjectId: 's-conf', status, version: await cache.version('conformance', 's-conf') }),
    );
    expect((await cache.lookup(conformance))?.status).toEqual(status);
    await invalidateBadges(redis, prefix, { projectId: 's-conf' });
    expect(await cache.lookup(conformance)).toBeDefined();
    await invalidateBadges(redis, prefix, { suiteId: 's-conf' });
    expect(await cache.lookup(conformance)).toBeUndefined();
  });

  it('keeps variants apart, with no label in the key', async () => {
    const { redis, prefix } = testRedis;
    const cache = createBadgeCache({ redis, prefix });
    const variants = [
      variant({ badgeKey: 'var' }),
      variant({ badgeKey: 'var', format: 'json' }),
      variant({ badgeKey: 'var', style: 'for-the-badge' }),
      variant({ badgeKey: 'var', kind: 'project' }),
    ];
    const keys = variants.map((v) => badgeEntryKey(prefix, v));
    expect(new Set(keys).size).toBe(variants.length);
    // A label given by a request has no place in the key, so it cannot add one.
    expect(badgeEntryKey(prefix, { ...variant(), label: 'x' } as BadgeVariant)).toBe(badgeEntryKey(prefix, variant()));
    expect(badgeEntryKey(prefix, variant({ badgeKey: 'a:b' }))).toContain('a%3Ab');
    for (const [i, v] of variants.entries()) {
      await cache.store(v, entry({ subjectId: v.kind === 'suite' ? 's-var' : 'p-var', body: `body ${i}` }));
    }
    for (const [i, v] of variants.entries()) expect((await cache.lookup(v))?.body).toBe(`body ${i}`);
  });

  it('reads the version of the subject the entry names, in one round trip, whatever the id', async () => {
    const { redis, prefix } = testRedis;
    const cache = createBadgeCache({ redis, prefix });
    const v = variant({ badgeKey: 'one-trip' });
    // The script builds the version key from the entry's subjectId; it must be the key invalidateBadges replaces.
    const subjectId = 'odd:id/é';
    await cache.store(v, entry({ subjectId, version: await cache.version('suite', subjectId) }));
    // Once first, so the script is loaded (a first EVALSHA answered NOSCRIPT is followed by an EVAL).
    expect(await cache.lookup(v)).toBeDefined();
    const sent: string[] = [];
    const original = redis.sendCommand.bind(redis);
    redis.sendCommand = ((command: { name: string }) => {
      sent.push(command.name);
      return original(command as Parameters<typeof original>[0]);
    }) as typeof redis.sendCommand;
    try {
      expect((await cache.lookup(v))?.subjectId).toBe(subjectId);
    } finally {
      redis.sendCommand = original;
    }
    expect(sent).toEqual(['evalsha']);
    await invalidateBadges(redis, prefix, { suiteId: subjectId });
    expect(await cache.lookup(v)).toBeUndefined();
  });

  it('treats a damaged entry as a miss', async () => {
    const { redis, prefix } = testRedis;
    const cache = createBadgeCache({ redis, prefix });
    const v = variant({ badgeKey: 'damaged' });
    await redis.set(badgeEntryKey(prefix, v), 'not json');
    expect(await cache.lookup(v)).toBeUndefined();
    await redis.set(badgeEntryKey(prefix, v), '{"body":1}');
    expect(await cache.lookup(v)).toBeUndefined();
    // Written by a version without the status: a miss, rendered again.
    const { status: _status, ...old } = entry();
    await redis.set(badgeEntryKey(prefix, v), JSON.stringify(old));
    expect(await cache.lookup(v)).toBeUndefined();
  });
});
