import { createRedis, type Redis } from '@mcptest/redis';
import { startPrivateRedis } from '../../../test/private-redis';

export interface MeasuredRedis {
  readonly url: string;
  readonly pid: number;
  /** A client of its own (not counted apart: read INFO before and after what you measure, then subtract). */
  readonly client: Redis;
  stop(): Promise<void>;
}

/**
 * A redis-server of the benchmark's own (test/private-redis.ts: a loopback port, no persistence) with a client for
 * reading it. The cost benchmarks read INFO commandstats and memory, which are server-wide: on the shared Redis every
 * other process's commands would count.
 */
export async function startMeasuredRedis(): Promise<MeasuredRedis> {
  const server = await startPrivateRedis();
  const client = createRedis({ url: server.url, name: 'mcptest-bench-probe' });
  client.on('error', () => {});
  return {
    url: server.url,
    pid: server.pid,
    client,
    async stop() {
      client.disconnect();
      await server.stop();
    },
  };
}

/** Calls per command from INFO commandstats (`cmdstat_get:calls=3,...`), lower-case names. */
export async function commandStats(client: Redis): Promise<Map<string, number>> {
  const info = await client.info('commandstats');
  const calls = new Map<string, number>();
  for (const line of info.split('\n')) {
    const match = /^cmdstat_([^:]+):calls=(\d+)/.exec(line.trim());
    if (match) calls.set(match[1]!, Number(match[2]));
  }
  return calls;
}

/** A key with its ids and the benchmark's prefix replaced by `*`, so keys of the same kind group together. */
export function keyPattern(key: string): string {
  return key
    .split(':')
    .map((part) =>
      /^(mcptest-bench|[0-9a-f]{8}|[0-9]+|c[a-z0-9]{20,}|[0-9a-f-]{36}|[A-Za-z0-9_-]{20,})$/.test(part) ? '*' : part,
    )
    .join(':');
}

/**
 * Sum of MEMORY USAGE over every key (the benchmark's Redis holds nothing else), the key count, and bytes per key
 * pattern (`keyPattern`).
 */
export async function keyMemory(
  client: Redis,
  options: { ttl?: boolean } = {},
): Promise<{ bytes: number; keys: number; patterns: Map<string, number>; ttlSeconds: Map<string, number> }> {
  let cursor = '0';
  let bytes = 0;
  let keys = 0;
  const patterns = new Map<string, number>();
  /** Longest remaining time to live per pattern in seconds (-1: a key of the pattern never expires). */
  const ttlSeconds = new Map<string, number>();
  do {
    const [next, found] = await client.scan(cursor, 'COUNT', 1000);
    cursor = next;
    for (const key of found) {
      // SAMPLES 0: every element of a stream, list or hash, not an estimate from the first five.
      const usage = (await client.call('MEMORY', 'USAGE', key, 'SAMPLES', '0')) as number | null;
      if (usage !== null) {
        bytes += usage;
        keys += 1;
        const pattern = keyPattern(key);
        patterns.set(pattern, (patterns.get(pattern) ?? 0) + usage);
        if (options.ttl) {
          const ms = await client.pttl(key);
          const seconds = ms < 0 ? -1 : Math.round(ms / 1000);
          const known = ttlSeconds.get(pattern);
          if (known !== -1) ttlSeconds.set(pattern, seconds === -1 ? -1 : Math.max(known ?? 0, seconds));
        }
      }
    }
  } while (cursor !== '0');
  return { bytes, keys, patterns, ttlSeconds };
}

/** CPU time the redis-server has used so far (INFO cpu, user + system), in milliseconds. */
export async function redisCpuMs(client: Redis): Promise<number> {
  const info = await client.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([0-9.]+)`, 'm').exec(info)?.[1] ?? Number.NaN);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}
