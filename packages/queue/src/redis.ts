import { Redis } from 'ioredis';

export type { Redis };

export interface CreateRedisOptions {
  url: string;
  /** Connection name shown in CLIENT LIST, to tell web, worker and tests apart. */
  name?: string;
}

/**
 * A Redis connection configured the way BullMQ requires for blocking connections (maxRetriesPerRequest: null) and
 * safe for plain commands too. Keys are not prefixed here: callers build keys with `redisKey` from the configured
 * REDIS_PREFIX, and BullMQ takes the same prefix as its own option, so one prefix isolates a deployment or a test.
 */
export function createRedis(options: CreateRedisOptions): Redis {
  return new Redis(options.url, {
    connectionName: options.name,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    // Health checks should answer "down" quickly rather than queue commands while Redis is away.
    enableOfflineQueue: true,
    lazyConnect: false,
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
