import { createRedis, type Redis } from '@mcptest/redis';
import { env } from '@/env';

// One connection per process, cached on globalThis so `next dev` hot reloads do not leak connections.
const store = globalThis as typeof globalThis & { __mcptestWebRedis?: Redis | undefined };

export function getRedis(): Redis {
  if (!store.__mcptestWebRedis) {
    const redis = createRedis({ url: env().REDIS_URL, name: 'mcptest-web' });
    // ioredis reconnects by itself; without a listener it prints every failed attempt as an unhandled error event.
    // Log each distinct error once per outage instead.
    let last: string | undefined;
    redis.on('error', (error: Error) => {
      if (error.message === last) return;
      last = error.message;
      console.warn(`redis: ${error.message}`);
    });
    redis.on('ready', () => {
      last = undefined;
    });
    store.__mcptestWebRedis = redis;
  }
  return store.__mcptestWebRedis;
}

/** Closes the connection (tests, graceful shutdown); the next getRedis() opens a new one. */
export function closeRedis(): void {
  const redis = store.__mcptestWebRedis;
  store.__mcptestWebRedis = undefined;
  redis?.disconnect();
}
