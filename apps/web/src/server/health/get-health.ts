import { redactError } from '@mcptest/core';
import type { Database } from '@mcptest/db';
import { pingRedis, type Redis } from '@mcptest/redis';

export interface DependencyHealth {
  ok: boolean;
  latencyMs?: number;
  error?: string;
}

export interface Health {
  status: 'ok' | 'degraded';
  postgres: DependencyHealth;
  redis: DependencyHealth;
  version: string;
}

export interface HealthDeps {
  db: Pick<Database, 'ping'>;
  redis: Redis;
  version: string;
  /** Upper bound for each check; a dependency that does not answer in time counts as down. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2000;
async function check(
  probe: () => Promise<{ ok: true; latencyMs: number } | { ok: false; error: string }>,
  timeoutMs: number,
): Promise<DependencyHealth> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      probe(),
      new Promise<{ ok: false; error: string }>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, error: `no answer within ${timeoutMs} ms` }), timeoutMs);
      }),
    ]);
    return result.ok ? { ok: true, latencyMs: result.latencyMs } : { ok: false, error: redactError(result.error) };
  } catch (error) {
    return { ok: false, error: redactError(error instanceof Error ? error.message : String(error)) };
  } finally {
    clearTimeout(timer);
  }
}

/** Pings Postgres and Redis in parallel; `ok` only when both answer. */
export async function getHealth(deps: HealthDeps): Promise<Health> {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const [postgres, redis] = await Promise.all([
    check(() => deps.db.ping(), timeoutMs),
    check(() => pingRedis(deps.redis, timeoutMs), timeoutMs),
  ]);
  return { status: postgres.ok && redis.ok ? 'ok' : 'degraded', postgres, redis, version: deps.version };
}
