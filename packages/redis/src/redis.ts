import { parseRedisUrl } from '@mcptest/core';
import { Cluster, Redis as SingleRedis, type RedisOptions } from 'ioredis';

/**
 * A connection to the deployment's Redis: one server (`redis://`) or a Redis Cluster (`redis+cluster://`, an ioredis
 * `Cluster`). Both speak the same commands; the key layout (hash tags, redis-key-tags.ts) makes every multi-key
 * command and script touch one slot, so callers need not know which it is.
 */
export type Redis = SingleRedis | Cluster;
export { Cluster, SingleRedis };

export interface CreateRedisOptions {
  /** REDIS_URL: `redis://`/`rediss://` for one Redis, `redis+cluster://h1:p1,h2:p2` for a Cluster (core's parseRedisUrl). */
  url: string;
  /** Connection name shown in CLIENT LIST, to tell web, worker and tests apart. */
  name?: string;
  /**
   * `worker` (default): commands wait for a reconnect instead of failing (BullMQ workers need this; so do runs in
   * progress). `producer`: commands fail after one reconnect attempt or 5 s while Redis is away, so an HTTP request
   * that enqueues answers an error instead of hanging (BullMQ's "failing fast when Redis is down"). It keeps the
   * offline queue: without it, the first requests after start fail while the connection is still being made.
   * docs/operations.md has the whole list.
   */
  role?: 'worker' | 'producer';
}

/**
 * A Redis connection configured per BullMQ's production guidance for its role. Keys are not prefixed here: callers
 * build keys with `redisKey` from the configured REDIS_PREFIX, and BullMQ takes the same prefix as its own option, so
 * one prefix isolates a deployment or a test.
 */
export function createRedis(options: CreateRedisOptions): Redis {
  const producer = options.role === 'producer';
  // Reconnect forever, backing off from 1 s to 20 s (BullMQ's suggested strategy), so a Redis restart heals itself.
  const retryStrategy = (times: number) => Math.max(Math.min(Math.exp(times), 20_000), 1_000);
  const perConnection = {
    ...(options.name === undefined ? {} : { connectionName: options.name }),
    // Workers: never give up on a command (BullMQ requires null for its blocking connections).
    maxRetriesPerRequest: producer ? 1 : null,
    ...(producer ? { commandTimeout: 5_000 } : {}),
  } satisfies RedisOptions;
  const parsed = parseRedisUrl(options.url);
  if ('error' in parsed) throw new Error(`Redis URL ${parsed.error}`);
  if (!parsed.cluster) {
    return new SingleRedis(options.url, {
      ...perConnection,
      enableOfflineQueue: true,
      enableReadyCheck: true,
      lazyConnect: false,
      retryStrategy,
    });
  }
  return new Cluster(parsed.nodes, {
    // BullMQ reads maxRetriesPerRequest from redisOptions of a Cluster; every node connection gets the same options.
    redisOptions: {
      ...perConnection,
      ...(parsed.username === undefined ? {} : { username: parsed.username }),
      ...(parsed.password === undefined ? {} : { password: parsed.password }),
      ...(parsed.tls ? { tls: {} } : {}),
    },
    enableOfflineQueue: true,
    enableReadyCheck: true,
    lazyConnect: false,
    clusterRetryStrategy: retryStrategy,
  });
}

/** Whether the connection is to a Redis Cluster (a command then reaches the node that owns its key's slot). */
export function isCluster(redis: Redis): redis is Cluster {
  return redis instanceof Cluster;
}

/** `<prefix>:<part>:<part>`; the single place keys are joined, so prefixes cannot be forgotten. */
export function redisKey(prefix: string, ...parts: (string | number)[]): string {
  return [prefix, ...parts].join(':');
}

/** Round-trip check for health endpoints, bounded by `timeoutMs`. */
export async function pingRedis(
  redis: Redis,
  timeoutMs = 2000,
): Promise<{ ok: true; latencyMs: number } | { ok: false; error: string }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** A new connection with the same options (a subscriber, a blocking reader): same server or same cluster. */
export function duplicateRedis(redis: Redis): Redis {
  return isCluster(redis) ? redis.duplicate() : redis.duplicate();
}
