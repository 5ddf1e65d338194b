// Hash tags, proven against a real Redis Cluster: the keys each multi-key script or MULTI touches hash to one slot
// (CLUSTER KEYSLOT, Redis's own answer), the old untagged layout is refused with CROSSSLOT, and a scan through a
// Cluster connection sees every primary. Uses the run's cluster (MCPTEST_TEST_REDIS=cluster) or starts its own.
import { parseRedisUrl } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../../test/redis';
import { startRedisCluster, type LocalRedisCluster } from '../../../test/redis-cluster';
import { badgeEntryKey, badgeVersionKey } from './badges/badge-cache-keys';
import { runBudgetKey, runRequestsKey, tenantDailyBudgetKey, tenantDailyRequestsKey } from './budget/redis-call-budget';
import { fairKeys, tenantKey } from './fair/fair-keys';
import { defineFairCommands } from './fair/fair-scripts';
import { bullPrefix, QUEUE_NAMES } from './jobs/job-catalog';
import { RUN_EVENT_SHARDS, runEventShard, runEventsTag, tenantTag } from './key-tags';
import { createRedis, isCluster, type Redis } from './redis';
import { runEventsKey } from './runs/run-events';
import { deleteKeys, scanKeys } from './scan-keys';

const prefix = `mcptest-test:tags:${process.pid}`;
let own: LocalRedisCluster | undefined;
let redis: Redis;

beforeAll(async () => {
  const url = testRedisUrl();
  const parsed = parseRedisUrl(url);
  if (!('cluster' in parsed) || !parsed.cluster) own = await startRedisCluster(3);
  redis = createRedis({ url: own?.url ?? url, name: 'mcptest-test-tags' });
  expect(isCluster(redis)).toBe(true);
}, 60_000);
afterAll(async () => {
  await deleteKeys(redis, `${prefix}:*`);
  redis.disconnect();
  await own?.stop();
});

const slotOf = async (key: string) => Number(await redis.cluster('KEYSLOT', key));
const slotsOf = async (keys: string[]) => new Set(await Promise.all(keys.map(slotOf)));

describe('key tags (pure)', () => {
  it.each([
    ['tenant', tenantTag('t1'), '{t:t1}'],
    ['event shard by number', runEventsTag(3), '{ev:3}'],
    ['event shard by run', runEventsTag('run-a'), `{ev:${runEventShard('run-a')}}`],
  ])('%s', (_, tag, expected) => {
    expect(tag).toBe(expected);
  });

  it('spreads runs over every event shard', () => {
    const seen = new Set(Array.from({ length: 2000 }, (_, i) => runEventShard(`cm${i.toString(36)}x`)));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: RUN_EVENT_SHARDS }, (_, i) => i));
  });
});

describe('on a Redis Cluster', () => {
  it('puts the keys of each multi-key script or MULTI in one slot', async () => {
    // Fair admission: the shared keys and every tenant's keys (the admit walk builds tenant keys inside its script).
    const fair = fairKeys(prefix);
    const tenants = ['A', 'B', 'cm0000tenant'];
    expect(
      await slotsOf([
        fair.index,
        fair.ring,
        fair.parked,
        fair.caps,
        fair.tenants,
        ...tenants.flatMap((t) => [tenantKey(prefix, 'queue', t), tenantKey(prefix, 'active', t)]),
      ]),
    ).toHaveProperty('size', 1);
    // Call and request budgets: a run's count with its tenant's day.
    for (const t of tenants) {
      const keys = [
        runBudgetKey(prefix, t, 'run-1'),
        runRequestsKey(prefix, t, 'run-1'),
        tenantDailyBudgetKey(prefix, t, '2030-01-01'),
        tenantDailyRequestsKey(prefix, t, '2030-01-01'),
      ];
      expect(await slotsOf(keys), t).toHaveProperty('size', 1);
    }
    // Run events: the stream and its finished marker (the key run-events.ts writes with it).
    for (const run of ['r1', 'r2', 'cm9']) {
      const stream = runEventsKey(prefix, run);
      expect(await slotsOf([stream, stream.replace(/:events$/, ':finished')])).toHaveProperty('size', 1);
    }
    // Badges: an entry and the version key of whatever subject it names.
    const variant = { kind: 'suite' as const, badgeKey: 'k/1', format: 'svg' as const, style: 'flat' };
    expect(
      await slotsOf([
        badgeEntryKey(prefix, variant),
        badgeVersionKey(prefix, 'suite', 'any'),
        badgeVersionKey(prefix, 'project', 'p'),
      ]),
    ).toHaveProperty('size', 1);
    // BullMQ: the keys of one queue share a slot; each queue has its own tag.
    for (const queue of QUEUE_NAMES) {
      const base = `${bullPrefix(prefix, queue)}:${queue}`;
      expect(
        await slotsOf([`${base}:wait`, `${base}:active`, `${base}:meta`, `${base}:42`, `${base}:events`]),
      ).toHaveProperty('size', 1);
    }
    expect(await slotsOf(QUEUE_NAMES.map((q) => `${bullPrefix(prefix, q)}:${q}:wait`))).toHaveProperty(
      'size',
      QUEUE_NAMES.length,
    );
  });

  it('spreads tenants, event shards and queues over the primaries', async () => {
    const tenantSlots = await slotsOf(Array.from({ length: 30 }, (_, i) => runBudgetKey(prefix, `t${i}`, 'r')));
    expect(tenantSlots.size).toBeGreaterThan(20);
    const shardSlots = await slotsOf(
      Array.from({ length: RUN_EVENT_SHARDS }, (_, i) => `${prefix}:${runEventsTag(i)}:x`),
    );
    expect(shardSlots.size).toBe(RUN_EVENT_SHARDS);
  });

  it('refuses the untagged layout with CROSSSLOT, and runs the same script on the tagged one', async () => {
    const commands = defineFairCommands(redis);
    // The keys fair admission had before tags: `<prefix>:fair:...`, each in a slot of its own.
    const untagged = ['index', 'ring', 'parked', 'caps', 'tenants', 'queue:A', 'active:A'].map(
      (k) => `${prefix}:fair:${k}`,
    );
    expect((await slotsOf(untagged)).size).toBeGreaterThan(1);
    await expect(commands.mcptestFairPush(...untagged, 'A', 'run-1', 2, String(Date.now()))).rejects.toThrow(
      /CROSSSLOT/,
    );
    const fair = fairKeys(prefix);
    const tagged = [
      fair.index,
      fair.ring,
      fair.parked,
      fair.caps,
      fair.tenants,
      tenantKey(prefix, 'queue', 'A'),
      tenantKey(prefix, 'active', 'A'),
    ];
    expect(await commands.mcptestFairPush(...tagged, 'A', 'run-1', 2, String(Date.now()))).toBe(1);
    // The same for a MULTI over a run's budget keys under the old names (run key and tenant day key apart).
    await expect(
      redis.multi().incr(`${prefix}:budget:run:r1`).incr(`${prefix}:budget:tenant:A:2030-01-01`).exec(),
    ).rejects.toThrow(/CROSSSLOT|slot/);
    const ok = await redis
      .multi()
      .incr(runBudgetKey(prefix, 'A', 'r1'))
      .incr(tenantDailyBudgetKey(prefix, 'A', '2030-01-01'))
      .exec();
    expect(ok?.map(([error]) => error)).toEqual([null, null]);
  });

  it('scans every primary: a Cluster connection alone sees one node', async () => {
    const keys = Array.from({ length: 60 }, (_, i) => `${prefix}:scan:${i}`);
    for (const key of keys) await redis.set(key, '1', 'EX', 60);
    const oneNode: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:scan:*`, 'COUNT', 1000);
      cursor = next;
      oneNode.push(...batch);
    } while (cursor !== '0');
    expect(oneNode.length).toBeLessThan(keys.length);
    expect((await scanKeys(redis, `${prefix}:scan:*`)).sort()).toEqual([...keys].sort());
    expect(await deleteKeys(redis, `${prefix}:scan:*`)).toBe(keys.length);
    expect(await scanKeys(redis, `${prefix}:scan:*`)).toEqual([]);
  });
});
