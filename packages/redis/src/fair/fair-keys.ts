import { FAIR_TAG } from '../key-tags';
import { redisKey } from '../redis';

/**
 * Every key of fair admission, under `<prefix>:{fair}:`. The five shared keys are passed to the scripts as KEYS; the two
 * per-tenant keys are too wherever the caller names the tenant. The admit walk and the stats sweep discover tenants
 * inside the script, so they build tenant keys there from `base` (`tenantKey` below is the one definition both sides
 * follow). Every key carries the `{fair}` hash tag, so on Redis Cluster all of them share one slot: the admit walk
builds tenant keys inside its script, and a script may only touch the slot of its KEYS.
 */
export interface FairKeys {
  /** `<prefix>:{fair}:` — what the scripts prepend to `queue:<tenant>` and `active:<tenant>`. */
  base: string;
  /** HASH runId -> tenantId of every pending run: O(1) isPending and push idempotency. */
  index: string;
  /**
   * LIST, in round-robin order (the head is visited next), of the tenants that have pending runs and, when last seen,
   * a free slot. A tenant with pending runs is either here or in `parked`, never both.
   */
  ring: string;
  /**
   * ZSET of tenants that have pending runs but were at their cap, scored by their earliest lease expiry (+inf if they
   * hold none): the moment a slot can free by itself. Release, a raised cap, or that moment puts them back in the ring.
   */
  parked: string;
  /** HASH tenantId -> the cap given by the tenant's latest push (or hold with a cap). */
  caps: string;
  /** SET of tenants with pending runs or slots, so stats can sweep tenants that are not in the ring. */
  tenants: string;
}

export function fairKeys(prefix: string): FairKeys {
  return {
    base: `${redisKey(prefix, FAIR_TAG)}:`,
    index: redisKey(prefix, FAIR_TAG, 'index'),
    ring: redisKey(prefix, FAIR_TAG, 'ring'),
    parked: redisKey(prefix, FAIR_TAG, 'parked'),
    caps: redisKey(prefix, FAIR_TAG, 'caps'),
    tenants: redisKey(prefix, FAIR_TAG, 'tenants'),
  };
}

/**
 * `<prefix>:{fair}:queue:<tenantId>` (LIST of pending run ids, oldest first) or `<prefix>:{fair}:active:<tenantId>` (ZSET
 * run id -> lease expiry, epoch ms). Both disappear when empty (Redis deletes empty lists and sorted sets).
 */
export function tenantKey(prefix: string, kind: 'queue' | 'active', tenantId: string): string {
  return redisKey(prefix, FAIR_TAG, kind, tenantId);
}
