import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { createRedis, type Redis } from '@mcptest/redis';
import { testEnv } from './env';

export interface TestRedis {
  /** Key prefix unique to this test file; pass it wherever REDIS_PREFIX would go. */
  readonly prefix: string;
  readonly url: string;
  /** A connection (created on first use, closed after the file). */
  readonly redis: Redis;
}

/** Gives the calling test file its own Redis key prefix and deletes every key under it afterwards. */
export function useTestRedis(): TestRedis {
  const prefix = `mcptest-test:${inject('testRunId')}:${randomBytes(4).toString('hex')}`;
  let redis: Redis | undefined;
  const handle: TestRedis = {
    prefix,
    url: testEnv.REDIS_URL,
    get redis() {
      redis ??= createRedis({ url: testEnv.REDIS_URL, name: 'mcptest-test' });
      return redis;
    },
  };
  afterAll(async () => {
    const client = handle.redis;
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== '0');
    client.disconnect();
  });
  return handle;
}
