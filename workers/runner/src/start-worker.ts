import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { createDatabase, type Database } from '@mcptest/db';
import { createRedis, pingRedis, redisKey, type Redis } from '@mcptest/queue';
import type { WorkerEnv } from './env';

export interface RunningWorker {
  /** Redis key of this worker's heartbeat (expires unless refreshed). */
  readonly heartbeatKey: string;
  stop(): Promise<void>;
}

export interface StartWorkerOptions {
  env: Pick<WorkerEnv, 'DATABASE_URL' | 'REDIS_URL' | 'REDIS_PREFIX' | 'WORKER_HEARTBEAT_SECONDS'>;
  logger: Logger;
  /** How long to keep retrying Postgres and Redis at start before giving up. */
  startupTimeoutMs?: number;
}

async function waitUntilReady(
  name: string,
  ping: () => Promise<{ ok: true; latencyMs: number } | { ok: false; error: string }>,
  deadline: number,
  logger: Logger,
): Promise<number> {
  let delay = 250;
  for (;;) {
    const result = await ping();
    if (result.ok) return result.latencyMs;
    if (Date.now() + delay > deadline) throw new Error(`${name} is not reachable: ${result.error}`);
    logger.warn({ service: name, error: result.error, retryInMs: delay }, `${name} not reachable yet`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 4000);
  }
}

/**
 * Connects to Postgres and Redis (retrying until `startupTimeoutMs`), logs readiness and keeps a heartbeat key in
 * Redis. Job processors attach here as the run, webhook and schedule issues land.
 */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const { env, logger } = options;
  const deadline = Date.now() + (options.startupTimeoutMs ?? 30_000);
  const db: Database = createDatabase({ url: env.DATABASE_URL, maxConnections: 5 });
  const redis: Redis = createRedis({ url: env.REDIS_URL, name: 'mcptest-worker' });
  // ioredis reports connection errors as events; without a listener they would crash the process.
  redis.on('error', (error) => logger.debug({ error: error.message }, 'redis connection error'));
  try {
    const pgLatency = await waitUntilReady('postgres', () => db.ping(), deadline, logger);
    const redisLatency = await waitUntilReady('redis', () => pingRedis(redis), deadline, logger);
    const heartbeatKey = redisKey(env.REDIS_PREFIX, 'worker', `${hostname()}-${process.pid}`);
    const beat = () =>
      redis.set(
        heartbeatKey,
        JSON.stringify({ at: new Date().toISOString(), pid: process.pid }),
        'EX',
        env.WORKER_HEARTBEAT_SECONDS * 3,
      );
    await beat();
    const timer = setInterval(() => {
      beat().catch((error: Error) => logger.warn({ error: error.message }, 'heartbeat failed'));
    }, env.WORKER_HEARTBEAT_SECONDS * 1000);
    timer.unref();
    logger.info({ postgresMs: pgLatency, redisMs: redisLatency, heartbeatKey }, 'worker ready');
    return {
      heartbeatKey,
      async stop() {
        clearInterval(timer);
        await redis.del(heartbeatKey).catch(() => {});
        redis.disconnect();
        await db.disconnect();
        logger.info('worker stopped');
      },
    };
  } catch (error) {
    redis.disconnect();
    await db.disconnect();
    throw error;
  }
}
