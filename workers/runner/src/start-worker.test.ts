import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import { useTestRedis } from '../../../test/redis';
import { startWorker } from './start-worker';

const database = useTestDatabase();
const redis = useTestRedis();

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

describe('startWorker', () => {
  it('connects to Postgres and Redis, logs readiness and keeps a heartbeat until stopped', async () => {
    const { logger, lines } = capture();
    const worker = await startWorker({
      env: {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: redis.prefix,
        WORKER_HEARTBEAT_SECONDS: 5,
      },
      logger,
    });
    expect(worker.heartbeatKey.startsWith(`${redis.prefix}:worker:`)).toBe(true);
    const ready = lines.find((l) => l.msg === 'worker ready');
    expect(ready).toMatchObject({ heartbeatKey: worker.heartbeatKey });
    expect(typeof ready?.postgresMs).toBe('number');
    const ttl = await redis.redis.ttl(worker.heartbeatKey);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(15);
    await worker.stop();
    expect(await redis.redis.exists(worker.heartbeatKey)).toBe(0);
  });

  it('gives up with a clear error when Postgres stays unreachable', async () => {
    const { logger, lines } = capture();
    await expect(
      startWorker({
        env: {
          DATABASE_URL: 'postgresql://mcptest@127.0.0.1:1/none',
          REDIS_URL: redis.url,
          REDIS_PREFIX: redis.prefix,
          WORKER_HEARTBEAT_SECONDS: 5,
        },
        logger,
        startupTimeoutMs: 1200,
      }),
    ).rejects.toThrow(/postgres is not reachable/);
    expect(lines.some((l) => l.msg === 'postgres not reachable yet')).toBe(true);
  });
});
