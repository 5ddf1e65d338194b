// Upgrading from BullMQ job schedulers: what the old `schedules` queue left in Redis is deleted at worker start.
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { useTestRedis } from '../../../../test/redis';
import { bullPrefix } from '../jobs/job-catalog';
import { removeLegacySchedules } from './remove-legacy-schedules';

const testRedis = useTestRedis();

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
  it('deletes the old schedules queue with its job schedulers and delayed jobs, once', async () => {
    const { redis, prefix } = testRedis;
    const queue = new Queue('schedules', { connection: redis, prefix: bullPrefix(prefix) });
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
      expect((await keysOf(`${bullPrefix(prefix)}:schedules:*`)).length).toBeGreaterThan(0);

      expect(await removeLegacySchedules(redis, prefix)).toBe(true);
      expect(await keysOf(`${bullPrefix(prefix)}:schedules:*`)).toEqual([]);
      // Every later start finds nothing to do.
      expect(await removeLegacySchedules(redis, prefix)).toBe(false);
    } finally {
      await queue.close();
    }
  });
});
