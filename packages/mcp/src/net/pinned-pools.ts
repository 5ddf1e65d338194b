import { Pool } from 'undici';
import { createCheckedConnector, type ResolvedAddress } from './checked-connector';

/** A pool nobody has dispatched to for this long is closed (gracefully: requests still running finish first). */
const IDLE_POOL_MS = 60_000;

export interface PinnedPools {
  /** The connection pool of `origin` whose sockets connect only to `addresses` (already resolved and checked). */
  get(origin: string, addresses: readonly ResolvedAddress[]): Pool;
  close(): Promise<void>;
}

/**
 * Connection pools keyed by origin and the exact answer its host resolved to. The safe fetch resolves and checks a
 * host before every request and sends it through the pool of that answer, whose connector hands exactly those
 * addresses to the socket (and checks them again). So the address a request is counted against (per-host politeness,
 * `OutboundRequest.address`) is the address its connection goes to, also for keep-alive connections and also when a
 * DNS server answers differently each time: a different answer gets a pool and sockets of its own.
 *
 * Keep-alive still works for the usual stable answer. Pools idle for a minute are closed on the next lookup, so a
 * long-lived process keeps only the pools of hosts it talks to.
 */
export function createPinnedPools(options: { allowlist: readonly string[]; connectTimeoutMs: number }): PinnedPools {
  const pools = new Map<string, { pool: Pool; lastUsed: number }>();

  const sweep = (now: number) => {
    for (const [key, entry] of pools) {
      if (now - entry.lastUsed <= IDLE_POOL_MS) continue;
      pools.delete(key);
      entry.pool.close().catch(() => undefined);
    }
  };

  return {
    get(origin, addresses) {
      const now = performance.now();
      const key = `${origin} ${addresses.map((a) => a.address).join(',')}`;
      const found = pools.get(key);
      if (found) {
        found.lastUsed = now;
        return found.pool;
      }
      sweep(now);
      const pinned = [...addresses];
      const pool = new Pool(origin, {
        connect: createCheckedConnector({
          allowlist: options.allowlist,
          resolve: () => Promise.resolve(pinned),
          connectTimeoutMs: options.connectTimeoutMs,
        }),
        // Our own timers bound headers and bodies; undici's would cut long-lived event streams.
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      pools.set(key, { pool, lastUsed: now });
      return pool;
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((entry) => entry.pool.close().catch(() => undefined)));
    },
  };
}
