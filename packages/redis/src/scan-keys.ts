import { isCluster, type Redis, type SingleRedis } from './redis';

/**
 * Every key matching `pattern` (SCAN MATCH), on a single Redis or on every primary of a Cluster: SCAN walks one node's
 * keyspace, so a scan through a Cluster connection alone would see one shard. For tests, benchmarks and operators'
 * tools only; nothing on a request's path scans.
 */
export async function scanKeys(redis: Redis, pattern: string, count = 1000): Promise<string[]> {
  // A Cluster client knows its primaries once it has the slot map: a round trip makes sure it has.
  if (isCluster(redis)) await redis.ping();
  const nodes: SingleRedis[] = isCluster(redis) ? redis.nodes('master') : [redis];
  const found: string[] = [];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', count);
      cursor = next;
      found.push(...keys);
    } while (cursor !== '0');
  }
  return found;
}

/**
 * Deletes every key matching `pattern` and returns how many went. One DEL per key: a multi-key DEL must stay within
 * one slot on a Cluster, and ioredis routes a single-key command to the key's node.
 */
export async function deleteKeys(redis: Redis, pattern: string): Promise<number> {
  const keys = await scanKeys(redis, pattern);
  if (!isCluster(redis)) return keys.length === 0 ? 0 : redis.del(...keys);
  const deleted = await Promise.all(keys.map((key) => redis.del(key)));
  return deleted.reduce((sum, n) => sum + n, 0);
}

/**
 * KEYS on every primary (a Cluster connection would ask one node). One blocking call per node: for tests only, where
 * it is far quicker than SCAN's round trips through a large shared keyspace; never against a production Redis.
 */
export async function listKeys(redis: Redis, pattern: string): Promise<string[]> {
  if (!isCluster(redis)) return redis.keys(pattern);
  await redis.ping();
  return (await Promise.all(redis.nodes('master').map((node) => node.keys(pattern)))).flat();
}
