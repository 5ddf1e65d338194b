import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@mcptest/db';
import { createRedis, type Redis } from '@mcptest/redis';
import { useTestDatabase } from '../../../../../test/db';
import { useTestRedis } from '../../../../../test/redis';
import { getHealth } from './get-health';

const testDb = useTestDatabase();
const testRedis = useTestRedis();

const PASSWORD = 'hunter2-s3cret-pw';
// Port 1 on loopback: nothing listens there, so connections are refused at once.
const DEAD_PG_URL = `postgresql://mcptest:${PASSWORD}@127.0.0.1:1/x`;
const DEAD_REDIS_URL = `redis://default:${PASSWORD}@127.0.0.1:1`;

/** Resources opened by a test, closed after the file whatever happened. */
const opened: { dbs: Database[]; redises: Redis[]; servers: net.Server[] } = { dbs: [], redises: [], servers: [] };

function deadDatabase(url = DEAD_PG_URL): Database {
  const db = createDatabase({ url, maxConnections: 1 });
  opened.dbs.push(db);
  return db;
}

function deadRedis(url = DEAD_REDIS_URL): Redis {
  const redis = createRedis({ url, name: 'mcptest-test-dead' });
  redis.on('error', () => {}); // expected: connection refused, retried in the background until disconnect()
  opened.redises.push(redis);
  return redis;
}

/** A TCP server that accepts connections and never answers: what a hung or black-holed dependency looks like. */
async function silentServer(): Promise<number> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const originalClose = server.close.bind(server);
  server.close = (cb?: (err?: Error) => void) => {
    sockets.forEach((s) => s.destroy());
    return originalClose(cb);
  };
  opened.servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return address.port;
}

afterAll(async () => {
  for (const redis of opened.redises) redis.disconnect();
  // Silent servers first: a pool waits for its pending connection attempt, which ends when the socket is destroyed.
  await Promise.all(opened.servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await Promise.all(opened.dbs.map((db) => db.disconnect().catch(() => {})));
});

describe('getHealth against real services', () => {
  beforeAll(async () => {
    // The test database really is reachable and migrated (so "ok" below is not vacuous).
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    const { rows } = await client
      .query<{ n: number }>('SELECT count(*)::int AS n FROM "_prisma_migrations"')
      .finally(() => client.end());
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it('reports ok with latencies when Postgres and Redis both answer', async () => {
    const health = await getHealth({ db: testDb.db, redis: testRedis.redis, version: '1.2.3' });
    expect(health).toEqual({
      status: 'ok',
      postgres: { ok: true, latencyMs: expect.any(Number) },
      redis: { ok: true, latencyMs: expect.any(Number) },
      version: '1.2.3',
    });
    expect(health.postgres.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.redis.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.postgres.error).toBeUndefined();
    expect(health.redis.error).toBeUndefined();
  });

  it('checks both in parallel rather than one after the other', async () => {
    const port = await silentServer();
    const started = performance.now();
    const health = await getHealth({
      db: deadDatabase(`postgresql://mcptest:${PASSWORD}@127.0.0.1:${port}/x`),
      redis: deadRedis(`redis://default:${PASSWORD}@127.0.0.1:${port}`),
      version: 'test',
      timeoutMs: 1000,
    });
    const elapsed = performance.now() - started;
    expect(health.status).toBe('degraded');
    expect(health.postgres).toEqual({ ok: false, error: expect.stringContaining('no answer within 1000 ms') });
    expect(health.redis).toEqual({ ok: false, error: expect.stringContaining('no answer within 1000 ms') });
    // Two sequential 1000 ms timeouts would take at least 2000 ms.
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(1900);
  });
});

describe('getHealth when a dependency is down', () => {
  it('is degraded with both errors, and no error mentions the password', async () => {
    const health = await getHealth({ db: deadDatabase(), redis: deadRedis(), version: 'test', timeoutMs: 1000 });
    expect(health.status).toBe('degraded');
    expect(health.postgres.ok).toBe(false);
    expect(health.redis.ok).toBe(false);
    expect(health.postgres.error).toMatch(/\S/);
    expect(health.redis.error).toMatch(/\S/);
    expect(health.postgres.latencyMs).toBeUndefined();
    const text = JSON.stringify(health);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toMatch(/:\/\/[^\s"]*@/);
  });

  it('is degraded when only Postgres is down, and still reports Redis ok', async () => {
    const health = await getHealth({ db: deadDatabase(), redis: testRedis.redis, version: 'test' });
    expect(health.status).toBe('degraded');
    expect(health.postgres).toEqual({ ok: false, error: expect.stringMatching(/reach|ECONNREFUSED|connect/i) });
    expect(health.redis).toEqual({ ok: true, latencyMs: expect.any(Number) });
  });

  it('is degraded when only Redis is down, and still reports Postgres ok', async () => {
    const health = await getHealth({ db: testDb.db, redis: deadRedis(), version: 'test', timeoutMs: 500 });
    expect(health.status).toBe('degraded');
    expect(health.postgres).toEqual({ ok: true, latencyMs: expect.any(Number) });
    expect(health.redis).toEqual({ ok: false, error: expect.any(String) });
  });

  it('turns a check that throws into a down dependency instead of failing', async () => {
    const throwing = {
      ping: () => Promise.reject(new Error(`connect to postgresql://u:${PASSWORD}@db:5432/x failed`)),
    };
    const health = await getHealth({ db: throwing, redis: testRedis.redis, version: 'test' });
    expect(health.status).toBe('degraded');
    expect(health.postgres).toEqual({ ok: false, error: 'connect to [redacted url] failed' });
  });
});
