import { redisKey, type Redis } from '../redis';

/** `<prefix>:polite:inflight:<address>`: ZSET of an address's in-flight slots (member slot id, score lease end, ms). */
export function hostSlotsKey(prefix: string, host: string): string {
  return redisKey(prefix, 'polite', 'inflight', host);
}

/**
 * Purges expired leases, counts, and adds a slot only if the count is below the cap, in one script so no other worker
 * can run between the check and the add. Time is Redis's own clock (TIME), so workers with skewed clocks cannot
 * expire each other's leases early. The key expires with the newest lease, so an idle host leaves nothing behind.
 *
 * KEYS: the host's slot ZSET. ARGV: cap, lease ms, slot id. Returns {1 acquired | 0 full, slots held after}.
 */
const ACQUIRE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZCARD', KEYS[1])
if held >= tonumber(ARGV[1]) then return {0, held} end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {1, held + 1}
`;

const COMMAND = 'mcptestPoliteAcquireSlot';

interface SlotCommands {
  [COMMAND](key: string, cap: number, leaseMs: number, slotId: string): Promise<[number, number]>;
}

/** Defines the script on the connection (EVALSHA with EVAL fallback); defining it again is harmless. */
export function defineHostSlotCommand(redis: Redis): void {
  redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: ACQUIRE_LUA });
}

/**
 * Takes one of the host's `cap` in-flight slots under id `slotId` if one is free, for at most `leaseMs` (after which
 * it is forgotten, in case the holder died). Call `defineHostSlotCommand` on the connection first.
 */
export async function acquireHostSlot(
  redis: Redis,
  key: string,
  options: { cap: number; leaseMs: number; slotId: string },
): Promise<{ acquired: boolean; held: number }> {
  const [acquired, held] = await (redis as Redis & SlotCommands)[COMMAND](
    key,
    options.cap,
    options.leaseMs,
    options.slotId,
  );
  return { acquired: acquired === 1, held };
}

/** Gives a slot back. Removing a slot that has already expired (or was given back) changes nothing. */
export async function releaseHostSlot(redis: Redis, key: string, slotId: string): Promise<void> {
  await redis.zrem(key, slotId);
}
