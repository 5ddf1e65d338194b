import type { Redis } from '../redis';

/*
 * The Lua behind fair admission. Each operation is one script, so Redis runs its checks and writes with no other client
 * in between. Times (`now`, lease expiries) are epoch ms computed by the caller and passed as strings: the caller's
 * clock is the one tests inject, and a string keeps 13-digit epochs exact (Lua's number-to-string uses %.14g).
 *
 * Invariants every script keeps:
 * - a tenant whose queue LIST is non-empty is in exactly one of `ring` (once) and `parked`; other tenants in neither;
 * - a run id is in `index` exactly while it is in its tenant's queue;
 * - a tenant is in `tenants` while it has a queue or an active ZSET; `forget_if_idle` drops it (and its cap) after.
 * A tenant in `ring` may have become full since it was put there (a hold, a lowered cap); the walk parks it then.
 * A parked tenant's score may be earlier than its real earliest expiry; the walk then finds it full and parks it again.
 *
 * Tenant keys are `<base>queue:<tenant>` and `<base>active:<tenant>`. Scripts that are told the tenant get them as
 * KEYS; the admit walk and the stats sweep learn tenants from the ring, `parked` and `tenants`, so they build these
 * two keys from ARGV base (the one exception to passing every key in KEYS).
 */

/** Helpers prepended to every script. `ring`, `parked`, ... are key names; `t` a tenant id. */
const HELPERS = `
local function forget_if_idle(tenants, caps, queue, active, t)
  if redis.call('EXISTS', queue) == 0 and redis.call('EXISTS', active) == 0 then
    redis.call('SREM', tenants, t)
    redis.call('HDEL', caps, t)
  end
end
local function cap_of(caps, t)
  return tonumber(redis.call('HGET', caps, t) or '0')
end
-- Parks t until its earliest lease expires (+inf when it holds none: only a release or a raised cap frees it).
local function park(parked, active, t)
  local first = redis.call('ZRANGE', active, 0, 0, 'WITHSCORES')
  redis.call('ZADD', parked, first[2] or '+inf', t)
end
-- Puts a tenant that has pending runs at the end of the round, or parks it when its unexpired slots fill its cap.
local function place(ring, parked, caps, active, t, now)
  redis.call('ZREMRANGEBYSCORE', active, '-inf', now)
  if redis.call('ZCARD', active) >= cap_of(caps, t) then park(parked, active, t)
  else redis.call('RPUSH', ring, t) end
end
-- A parked tenant goes back to the round when a slot is free (after a release or a raised cap).
local function unpark_if_free(ring, parked, caps, active, t)
  if redis.call('ZSCORE', parked, t) and redis.call('ZCARD', active) < cap_of(caps, t) then
    redis.call('ZREM', parked, t)
    redis.call('RPUSH', ring, t)
  end
end
local function unqueue(index, ring, parked, queue, t, run)
  redis.call('LREM', queue, 1, run)
  redis.call('HDEL', index, run)
  if redis.call('EXISTS', queue) == 0 then
    redis.call('LREM', ring, 1, t)
    redis.call('ZREM', parked, t)
  end
end
`;

/** KEYS of the scripts told their tenant: index, ring, parked, caps, tenants, queue(t), active(t). */
const TENANT_KEYS = 7;

/**
 * ARGV: tenant, run, cap, now.
 * Returns 1 when queued, 0 when the run was already pending or holds an unexpired slot. The cap is updated either
 * way (for a tenant that is known), and a parked tenant whose raised cap frees a slot returns to the round. An
 * expired slot of the run is dropped and the run queued again.
 */
const PUSH_LUA = `${HELPERS}
local t, run, cap, now = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
local known = redis.call('SISMEMBER', KEYS[5], t) == 1
local expiry = redis.call('ZSCORE', KEYS[7], run)
local queued = redis.call('HEXISTS', KEYS[1], run) == 1
if queued or (expiry and tonumber(expiry) > now) then
  if known then
    redis.call('HSET', KEYS[4], t, cap)
    unpark_if_free(KEYS[2], KEYS[3], KEYS[4], KEYS[7], t)
  end
  return 0
end
if expiry then redis.call('ZREM', KEYS[7], run) end
redis.call('HSET', KEYS[4], t, cap)
redis.call('SADD', KEYS[5], t)
redis.call('HSET', KEYS[1], run, t)
if redis.call('RPUSH', KEYS[6], run) == 1 then
  place(KEYS[2], KEYS[3], KEYS[4], KEYS[7], t, ARGV[4])
else
  unpark_if_free(KEYS[2], KEYS[3], KEYS[4], KEYS[7], t)
end
return 1
`;

/**
 * KEYS: index, ring, parked, caps. ARGV: base, now, lease expiry, max.
 * First returns to the ring every parked tenant whose earliest lease has expired by `now`. Then visits ring tenants
 * from the head: each visit purges the tenant's expired leases and, if its unexpired slots are below its cap, pops its
 * oldest run and leases a slot for it. The tenant then goes to the tail if it can take more (so the next admission
 * starts with the tenant after it: round-robin), is parked if it is full, or leaves if its queue is empty. Every visit
 * either admits or takes the tenant out of the ring, so a call visits each tenant at most once without admitting,
 * and costs O(tenants visited) = O(admitted + tenants parked or dropped) plus O(log n) per ZSET operation: the worst
 * case is O(tenants) (e.g. after many caps were lowered), while a tenant at its cap is not visited again until a slot
 * of it frees. Stops after `max` admissions or when the ring is empty. Returns tenant1, run1, tenant2, run2, ...
 */
const ADMIT_LUA = `${HELPERS}
local base, now, expiry, max = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
for _, t in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now)) do
  redis.call('ZREM', KEYS[3], t)
  redis.call('RPUSH', KEYS[2], t)
end
local out = {}
while #out < 2 * max do
  local t = redis.call('LPOP', KEYS[2])
  if not t then break end
  local queue, active = base .. 'queue:' .. t, base .. 'active:' .. t
  redis.call('ZREMRANGEBYSCORE', active, '-inf', now)
  local cap = cap_of(KEYS[4], t)
  local slots = redis.call('ZCARD', active)
  if slots < cap then
    local run = redis.call('LPOP', queue)
    if run then
      redis.call('HDEL', KEYS[1], run)
      redis.call('ZADD', active, expiry, run)
      slots = slots + 1
      out[#out + 1] = t
      out[#out + 1] = run
    end
  end
  if redis.call('EXISTS', queue) == 1 then
    if slots < cap then redis.call('RPUSH', KEYS[2], t) else park(KEYS[3], active, t) end
  end
end
return out
`;

/**
 * ARGV: tenant, run, now, new expiry.
 * Returns 1 when the unexpired lease was extended (never shortened: GT keeps a later expiry set by a clock that runs
 * ahead), 0 when the run holds no unexpired slot (an expired one is dropped). A parked tenant's score follows its
 * earliest expiry, so a renewed tenant is not woken for nothing.
 */
const RENEW_LUA = `${HELPERS}
local t, run, now, expiry = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local current = redis.call('ZSCORE', KEYS[7], run)
if current and tonumber(current) > now then
  redis.call('ZADD', KEYS[7], 'XX', 'GT', expiry, run)
  if redis.call('ZSCORE', KEYS[3], t) then park(KEYS[3], KEYS[7], t) end
  return 1
end
if current then
  redis.call('ZREM', KEYS[7], run)
  unpark_if_free(KEYS[2], KEYS[3], KEYS[4], KEYS[7], t)
  forget_if_idle(KEYS[5], KEYS[4], KEYS[6], KEYS[7], t)
end
return 0
`;

/**
 * ARGV: tenant, run, new expiry, cap ('' to keep).
 * Takes or extends the slot regardless of the cap. A run still pending under this tenant leaves its queue first, so
 * the run cannot also be admitted (and executed twice).
 */
const HOLD_LUA = `${HELPERS}
local t, run, expiry, cap = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
if redis.call('HGET', KEYS[1], run) == t then unqueue(KEYS[1], KEYS[2], KEYS[3], KEYS[6], t, run) end
redis.call('ZADD', KEYS[7], 'GT', expiry, run)
redis.call('SADD', KEYS[5], t)
if cap ~= '' then
  redis.call('HSET', KEYS[4], t, cap)
  unpark_if_free(KEYS[2], KEYS[3], KEYS[4], KEYS[7], t)
end
if redis.call('ZSCORE', KEYS[3], t) then park(KEYS[3], KEYS[7], t) end
return 1
`;

/**
 * ARGV: tenant, run, now.
 * Frees the run's slot, purges the tenant's expired leases, and returns a parked tenant to the round if that freed
 * a slot. Returns 1 when the run held a slot (expired or not).
 */
const RELEASE_LUA = `${HELPERS}
local t, run, now = ARGV[1], ARGV[2], ARGV[3]
local removed = redis.call('ZREM', KEYS[7], run)
redis.call('ZREMRANGEBYSCORE', KEYS[7], '-inf', now)
unpark_if_free(KEYS[2], KEYS[3], KEYS[4], KEYS[7], t)
forget_if_idle(KEYS[5], KEYS[4], KEYS[6], KEYS[7], t)
return removed
`;

/**
 * ARGV: tenant, run.
 * Takes a pending run out of its tenant's queue. Only when the run is pending under this very tenant: one tenant's
 * call can never cancel another's run. O(length of the tenant's queue) for the LREM, O(ring) when the queue empties.
 */
const REMOVE_LUA = `${HELPERS}
local t, run = ARGV[1], ARGV[2]
if redis.call('HGET', KEYS[1], run) ~= t then return 0 end
unqueue(KEYS[1], KEYS[2], KEYS[3], KEYS[6], t, run)
forget_if_idle(KEYS[5], KEYS[4], KEYS[6], KEYS[7], t)
return 1
`;

/**
 * KEYS: caps, tenants. ARGV: base, now.
 * For every known tenant: purges expired leases, forgets the tenant if it is now idle, else reports
 * {tenant, pending, active, cap or nil}. This sweep is what cleans up after tenants that hold only expired leases
 * (workers that died with nothing queued behind them), since the admit walk only visits tenants with pending runs.
 * A parked tenant freed by the purge stays parked until its score (that very expiry) is due: the next admit call.
 * O(known tenants).
 */
const STATS_LUA = `${HELPERS}
local base, now = ARGV[1], ARGV[2]
local out = {}
for _, t in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local queue, active = base .. 'queue:' .. t, base .. 'active:' .. t
  redis.call('ZREMRANGEBYSCORE', active, '-inf', now)
  forget_if_idle(KEYS[2], KEYS[1], queue, active, t)
  if redis.call('SISMEMBER', KEYS[2], t) == 1 then
    out[#out + 1] = {t, redis.call('LLEN', queue), redis.call('ZCARD', active), redis.call('HGET', KEYS[1], t)}
  end
end
return out
`;

export const FAIR_COMMANDS = {
  mcptestFairPush: { numberOfKeys: TENANT_KEYS, lua: PUSH_LUA },
  mcptestFairAdmit: { numberOfKeys: 4, lua: ADMIT_LUA },
  mcptestFairRenew: { numberOfKeys: TENANT_KEYS, lua: RENEW_LUA },
  mcptestFairHold: { numberOfKeys: TENANT_KEYS, lua: HOLD_LUA },
  mcptestFairRelease: { numberOfKeys: TENANT_KEYS, lua: RELEASE_LUA },
  mcptestFairRemove: { numberOfKeys: TENANT_KEYS, lua: REMOVE_LUA },
  mcptestFairStats: { numberOfKeys: 2, lua: STATS_LUA },
} as const;

type Arg = string | number;

/** The commands `defineFairCommands` adds to a connection; each takes its KEYS then its ARGV. */
export interface FairCommands {
  mcptestFairPush(...args: Arg[]): Promise<number>;
  mcptestFairAdmit(...args: Arg[]): Promise<string[]>;
  mcptestFairRenew(...args: Arg[]): Promise<number>;
  mcptestFairHold(...args: Arg[]): Promise<number>;
  mcptestFairRelease(...args: Arg[]): Promise<number>;
  mcptestFairRemove(...args: Arg[]): Promise<number>;
  mcptestFairStats(...args: Arg[]): Promise<[string, number, number, string | null][]>;
}

/**
 * Registers the scripts on a connection. defineCommand sends EVALSHA and falls back to EVAL after NOSCRIPT (e.g. a
 * Redis restart); defining again on a shared connection only replaces each method with an identical one.
 */
export function defineFairCommands(redis: Redis): Redis & FairCommands {
  for (const [name, definition] of Object.entries(FAIR_COMMANDS)) redis.defineCommand(name, definition);
  return redis as Redis & FairCommands;
}
