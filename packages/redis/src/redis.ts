import { Redis } from 'ioredis';

export type { Redis };

export interface CreateRedisOptions {
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
  return new Redis(options.url, {
    connectionName: options.name,
    // Workers: never give up on a command (BullMQ requires null for its blocking connections).
    maxRetriesPerRequest: producer ? 1 : null,
    enableOfflineQueue: true,
    ...(producer ? { commandTimeout: 5_000 } : {}),
    enableReadyCheck: true,
    lazyConnect: false,
    // Reconnect forever, backing off from 1 s to 20 s (BullMQ's suggested strategy), so a Redis restart heals itself.
    retryStrategy: (times) => Math.max(Math.min(Math.exp(times), 20_000), 1_000),
  });
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
