// Upgrading from BullMQ job schedulers: what the old `schedules` queue left in Redis is deleted at worker start.
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { testEnv } from '../../../../test/env';
import { useTestRedis } from '../../../../test/redis';
import { legacyBullPrefix, removeLegacySchedules } from './remove-legacy-schedules';

const testRedis = useTestRedis();
// The old queue predates Redis Cluster support: a cluster never holds one, and its untagged keys would cross slots.
const onCluster = testEnv.MCPTEST_TEST_REDIS === 'cluster';

async function keysOf(pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await testRedis.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

describe('removeLegacySchedules', () => {
  it.runIf(onCluster)('does nothing on a Redis Cluster', async () => {
    expect(await removeLegacySchedules(testRedis.redis, testRedis.prefix)).toBe(false);
  });

  it.skipIf(onCluster)('leaves no key behind where there never was an old queue', async () => {
    const { redis, prefix } = testRedis;
    expect(await removeLegacySchedules(redis, prefix)).toBe(false);
    expect(await keysOf(`${prefix}:*`)).toEqual([]);
  });

  it.skipIf(onCluster)('deletes the old schedules queue with its job schedulers and delayed jobs, once', async () => {
    const { redis, prefix } = testRedis;
    const queue = new Queue('schedules', { connection: redis, prefix: legacyBullPrefix(prefix) });
    try {
      // What the old syncSuiteSchedule wrote for two suites.
      for (const id of ['a', 'b']) {
        await queue.upsertJobScheduler(
          `suite-${id}`,
          { pattern: '0 3 * * *', tz: 'Europe/Paris' },
          { name: 'suite.scheduled', data: { suiteId: id, tenantId: 't' } },
        );
      }
      expect(await queue.getJobSchedulersCount()).toBe(2);
      expect((await keysOf(`${legacyBullPrefix(prefix)}:schedules:*`)).length).toBeGreaterThan(0);

      expect(await removeLegacySchedules(redis, prefix)).toBe(true);
      expect(await keysOf(`${legacyBullPrefix(prefix)}:schedules:*`)).toEqual([]);
      // Every later start finds nothing to do.
      expect(await removeLegacySchedules(redis, prefix)).toBe(false);
    } finally {
      await queue.close();
    }
  });
});
