import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { createRedis, deleteKeys, type Redis } from '@mcptest/redis';

export interface TestRedis {
  /** Key prefix unique to this test file; pass it wherever REDIS_PREFIX would go. */
  readonly prefix: string;
  /** REDIS_URL of this run: the single Redis, or the local cluster's `redis+cluster://` URL (test/redis-cluster.ts). */
  readonly url: string;
  /** A connection (created on first use, closed after the file). */
  readonly redis: Redis;
}

/** The Redis URL of this test run (MCPTEST_TEST_REDIS=cluster makes it the global set-up's local cluster). */
export function testRedisUrl(): string {
  return inject('redisUrl');
}

/** Gives the calling test file its own Redis key prefix and deletes every key under it afterwards. */
export function useTestRedis(): TestRedis {
  const prefix = `mcptest-test:${inject('testRunId')}:${randomBytes(4).toString('hex')}`;
  const url = testRedisUrl();
  let redis: Redis | undefined;
  const handle: TestRedis = {
    prefix,
    url,
    get redis() {
      redis ??= createRedis({ url, name: 'mcptest-test' });
      return redis;
    },
  };
  afterAll(async () => {
    const client = handle.redis;
    // On a cluster this scans every primary (a SCAN sees one node's keys).
    await deleteKeys(client, `${prefix}:*`);
    client.disconnect();
  });
  return handle;
}
