import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import { useTestRedis } from '../../../test/redis';
import { captureLogger, testWorkerEnv } from '../../../test/worker';
import { startWorker } from './start-worker';

const database = useTestDatabase();
const redis = useTestRedis();

describe('startWorker', () => {
  it('connects, logs readiness, keeps a heartbeat, serves health and metrics, and stops cleanly', async () => {
    const { logger, lines } = captureLogger();
    const worker = await startWorker({
      env: testWorkerEnv(database, redis, { WORKER_HEALTH_PORT: '0', WORKER_HEARTBEAT_SECONDS: '5' }),
      logger,
    });
    try {
      expect(worker.heartbeatKey.startsWith(`${redis.prefix}:worker:`)).toBe(true);
      const ready = lines.find((l) => l.msg === 'worker ready');
      expect(ready).toMatchObject({ heartbeatKey: worker.heartbeatKey, concurrency: 4 });
      expect(typeof ready?.postgresMs).toBe('number');
      const ttl = await redis.redis.ttl(worker.heartbeatKey);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(15);

      const health = await fetch(`${worker.health?.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({
        status: 'ok',
        checks: { postgres: { ok: true }, redis: { ok: true } },
      });
      // A scrape leaves the queue depth out when Redis takes over 2 s to answer (by design); on a loaded machine that
      // happens, so scrape until one has it.
      let metrics = '';
      for (let i = 0; i < 20 && !metrics.includes('mcptest_queue_depth{'); i++) {
        metrics = await (await fetch(`${worker.health?.url}/metrics`)).text();
      }
      expect(metrics).toContain('mcptest_queue_depth{queue="runs",state="pending_fair"} 0');
      expect(metrics).toContain('mcptest_runs_finished_total');
    } finally {
      await worker.stop();
    }
    expect(await redis.redis.exists(worker.heartbeatKey)).toBe(0);
    expect(lines.some((l) => l.msg === 'worker stopped')).toBe(true);
  });

  it('gives up with a clear error when Postgres stays unreachable', async () => {
    const { logger, lines } = captureLogger();
    await expect(
      startWorker({
        env: testWorkerEnv({ url: 'postgresql://mcptest@127.0.0.1:1/none' }, redis),
        logger,
        startupTimeoutMs: 1200,
      }),
    ).rejects.toThrow(/postgres is not reachable/);
    expect(lines.some((l) => l.msg === 'postgres not reachable yet')).toBe(true);
  });
});
