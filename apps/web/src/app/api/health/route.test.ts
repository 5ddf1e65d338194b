// The route handler as Next calls it: env read from process.env, singletons from src/server, real Postgres and Redis.
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import packageJson from '../../../../package.json';
import { closeDb } from '@/server/db';
import { closeRedis } from '@/server/redis';

const testDb = useTestDatabase();
const testRedis = useTestRedis();

const PASSWORD = 'route-test-s3cret-pw';

/** A fresh copy of the route module graph, so env() parses the variables stubbed by the test. */
async function importRoute() {
  vi.resetModules();
  return import('./route');
}

beforeEach(() => {
  vi.stubEnv('NODE_ENV', 'test');
});

afterEach(async () => {
  // The singletons live on globalThis (they survive vi.resetModules), so close them between cases.
  closeRedis();
  await closeDb();
  vi.unstubAllEnvs();
});

describe('GET /api/health', () => {
  it('answers 200 ok with no-store, using the database and Redis named by the environment', async () => {
    const appName = `mcptest-health-route-${Date.now()}`;
    const url = new URL(testDb.url);
    url.searchParams.set('application_name', appName);
    vi.stubEnv('DATABASE_URL', url.toString());
    vi.stubEnv('REDIS_URL', testRedis.url);
    vi.stubEnv('REDIS_PREFIX', testRedis.prefix.replace(/[^A-Za-z0-9_:-]/g, '_').slice(0, 64));

    const { GET, dynamic, runtime } = await importRoute();
    expect(dynamic).toBe('force-dynamic');
    expect(runtime).toBe('nodejs');

    const response = await GET();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      status: 'ok',
      postgres: { ok: true, latencyMs: expect.any(Number) },
      redis: { ok: true, latencyMs: expect.any(Number) },
      version: packageJson.version,
    });

    // The route's pool is connected to this file's database (not a default one).
    const observer = new pg.Client({ connectionString: testDb.url });
    await observer.connect();
    const { rows } = await observer
      .query<{ datname: string }>('SELECT datname FROM pg_stat_activity WHERE application_name = $1', [appName])
      .finally(() => observer.end());
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.datname === url.pathname.slice(1))).toBe(true);
  });

  it('answers 503 degraded when Postgres and Redis are unreachable, without leaking credentials', async () => {
    vi.stubEnv('DATABASE_URL', `postgresql://mcptest:${PASSWORD}@127.0.0.1:1/x`);
    vi.stubEnv('REDIS_URL', `redis://default:${PASSWORD}@127.0.0.1:1`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { GET } = await importRoute();

    const response = await GET();
    // The Redis singleton logs the outage once per distinct error, not once per reconnect attempt, and without secrets.
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^redis: .*ECONNREFUSED/));
    expect(warn.mock.calls.length).toBeLessThanOrEqual(2);
    expect(JSON.stringify(warn.mock.calls)).not.toContain(PASSWORD);
    warn.mockRestore();
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).not.toContain(PASSWORD);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).toEqual({
      status: 'degraded',
      postgres: { ok: false, error: expect.any(String) },
      redis: { ok: false, error: expect.any(String) },
      version: packageJson.version,
    });
  });

  it('can be imported without production secrets (next build), and fails on first request instead', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    // A real deployment: a loopback APP_URL would give a production build the development defaults (decideEnvMode).
    vi.stubEnv('APP_URL', 'https://mcptest.example');
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'MCPTEST_ENCRYPTION_KEYS', 'AUTH_SECRET']) vi.stubEnv(name, '');
    const { GET } = await importRoute();
    // The class from the same (reset) module graph as the route.
    const { EnvError } = await import('@mcptest/core');
    const failure = await GET().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(EnvError);
    expect((failure as InstanceType<typeof EnvError>).problems.map((p) => p.variable)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'MCPTEST_ENCRYPTION_KEYS', 'AUTH_SECRET']),
    );
  });
});
