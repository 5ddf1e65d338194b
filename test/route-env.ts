// For tests that call the web app's route modules directly, as Next would: the env they read comes from process.env,
// and the singletons they open (database pool, Redis, service deps) live on globalThis, so they are closed after.
import { afterAll, beforeAll, vi } from 'vitest';

/**
 * Points the web app at this file's database and Redis prefix before its route modules are imported (call it before
 * the file's own `beforeAll` that imports them), and closes what the routes opened after the file.
 */
export function useRouteEnv(database: { url: string }, redis: { url: string; prefix: string }): void {
  beforeAll(() => {
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('LOG_LEVEL', 'silent');
    vi.stubEnv('DATABASE_URL', database.url);
    vi.stubEnv('REDIS_URL', redis.url);
    vi.stubEnv('REDIS_PREFIX', redis.prefix);
    vi.resetModules();
  });
  afterAll(async () => {
    const { closeServiceDeps } = await import('../apps/web/src/server/services/get-service-deps');
    const { closeDb } = await import('../apps/web/src/server/db');
    const { closeRedis } = await import('../apps/web/src/server/redis');
    await closeServiceDeps();
    await closeDb();
    closeRedis();
    vi.unstubAllEnvs();
  });
}
