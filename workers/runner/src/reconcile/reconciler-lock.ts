import type { Redis } from '@mcptest/redis';

/** Deletes the key only if it still holds our token: a lock that expired and was taken by another is left alone. */
const RELEASE_IF_OWNER = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

/**
 * The lock that lets one reconciler run at a time across all workers. It expires after `ttlMs`, so a pass that hangs
 * (or a worker that dies holding it) lets another take over.
 */
export function createReconcilerLock(redis: Redis, key: string, owner: string, ttlMs: number) {
  return {
    async acquire(): Promise<boolean> {
      return (await redis.set(key, owner, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async release(): Promise<void> {
      await redis.eval(RELEASE_IF_OWNER, 1, key, owner);
    },
  };
}
