import type { BudgetAcquisition, CallBudget } from '@mcptest/core';
import { redisKey, type Redis } from '../redis';

/** How long a run's counter outlives its last acquisition: longer than any run, short enough to clean up. */
export const RUN_BUDGET_KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * How long a tenant's daily counter outlives its UTC day. Workers' clocks differ a little, so a worker just behind
 * midnight may still count against the old day; the key must not vanish under it and restart the count at 0.
 */
export const DAILY_BUDGET_KEY_GRACE_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Checks both limits, then increments both counters or neither, in one script so no other client can run between
 * the check and the increment (Redis runs a script atomically). The run limit is checked first, so when both are
 * reached the run is named. Refusals change nothing. Both keys are refreshed with a relative expiry computed by the
 * caller from its own clock, which keeps the daily key's end tied to the caller's notion of the day.
 *
 * KEYS: run counter, tenant daily counter. ARGV: run limit (-1 unlimited), daily limit (-1 unlimited), run key TTL
 * ms, daily key TTL ms. Returns {status, run count, daily count} with status 0 acquired, 1 run limit, 2 daily limit.
 */
const ACQUIRE_LUA = `
local run = tonumber(redis.call('GET', KEYS[1]) or '0')
local daily = tonumber(redis.call('GET', KEYS[2]) or '0')
local runLimit = tonumber(ARGV[1])
local dailyLimit = tonumber(ARGV[2])
if runLimit >= 0 and run >= runLimit then return {1, run, daily} end
if dailyLimit >= 0 and daily >= dailyLimit then return {2, run, daily} end
run = redis.call('INCR', KEYS[1])
daily = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return {0, run, daily}
`;

const COMMAND = 'mcptestCallBudgetAcquire';

interface BudgetCommands {
  [COMMAND](
    runKey: string,
    dailyKey: string,
    runLimit: number,
    dailyLimit: number,
    runTtlMs: number,
    dailyTtlMs: number,
  ): Promise<[number, number, number]>;
}

export interface RedisCallBudgetOptions {
  redis: Redis;
  /** REDIS_PREFIX of the deployment (a unique one per test file). */
  prefix: string;
  tenantId: string;
  runId: string;
  /** The run's max_calls; undefined means unlimited. */
  maxCalls?: number;
  /** The tenant's daily_call_budget, per UTC day; undefined means unlimited. */
  dailyCallBudget?: number;
  /** Epoch milliseconds; picks the UTC day and the daily key's expiry. Injected for tests. */
  now?: () => number;
}

export interface RedisCallBudgetUsage {
  run: { used: number; limit: number | undefined };
  /** The count of the UTC day `now()` falls in (0 once a new day has begun). */
  tenantDaily: { day: string; used: number; limit: number | undefined };
}

export interface RedisCallBudget extends CallBudget {
  usage(): Promise<RedisCallBudgetUsage>;
}

/** `<prefix>:budget:run:<runId>`: calls made by one run, across every worker that executes part of it. */
export function runBudgetKey(prefix: string, runId: string): string {
  return redisKey(prefix, 'budget', 'run', runId);
}

/** `<prefix>:budget:tenant:<tenantId>:<YYYY-MM-DD>`: calls made by a tenant on one UTC day. */
export function tenantDailyBudgetKey(prefix: string, tenantId: string, day: string): string {
  return redisKey(prefix, 'budget', 'tenant', tenantId, day);
}

/** `YYYY-MM-DD` of the UTC day containing `epochMs`. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/**
 * The call budget of one run on Redis, shared by every worker: with limit N exactly N acquisitions succeed however
 * many processes race, because the check and both increments happen in one Lua script. Counts are kept even for an
 * unlimited scope, so usage can be shown. Both keys name their tenant or run alone, so on Redis Cluster they may sit
 * in different slots; this needs a single Redis (or hash tags added to both keys).
 */
export function createRedisCallBudget(options: RedisCallBudgetOptions): RedisCallBudget {
  const { redis, prefix, tenantId, runId, maxCalls, dailyCallBudget, now = Date.now } = options;
  checkId('tenantId', tenantId);
  checkId('runId', runId);
  checkLimit('maxCalls', maxCalls);
  checkLimit('dailyCallBudget', dailyCallBudget);
  // defineCommand loads the script with EVALSHA and falls back to EVAL after a NOSCRIPT (e.g. a Redis restart).
  // Defining it again on a shared connection only replaces the method with an identical one.
  redis.defineCommand(COMMAND, { numberOfKeys: 2, lua: ACQUIRE_LUA });
  const commands = redis as Redis & BudgetCommands;
  const runKey = runBudgetKey(prefix, runId);

  return {
    async acquire(): Promise<BudgetAcquisition> {
      const at = now();
      const dailyKey = tenantDailyBudgetKey(prefix, tenantId, utcDay(at));
      const dailyTtlMs = Math.ceil(nextUtcMidnight(at) - at + DAILY_BUDGET_KEY_GRACE_MS);
      const [status] = await commands[COMMAND](
        runKey,
        dailyKey,
        maxCalls ?? -1,
        dailyCallBudget ?? -1,
        RUN_BUDGET_KEY_TTL_MS,
        dailyTtlMs,
      );
      if (status === 0) return { ok: true };
      if (status === 1 && maxCalls !== undefined) return { ok: false, exhausted: { limit: maxCalls, scope: 'run' } };
      if (status === 2 && dailyCallBudget !== undefined) {
        return { ok: false, exhausted: { limit: dailyCallBudget, scope: 'tenant_daily' } };
      }
      throw new Error(`call budget script answered status ${status}`);
    },
    async used() {
      return Number((await redis.get(runKey)) ?? 0);
    },
    async usage() {
      const day = utcDay(now());
      const [run, daily] = await redis.mget(runKey, tenantDailyBudgetKey(prefix, tenantId, day));
      return {
        run: { used: Number(run ?? 0), limit: maxCalls },
        tenantDaily: { day, used: Number(daily ?? 0), limit: dailyCallBudget },
      };
    },
  };
}

function nextUtcMidnight(epochMs: number): number {
  return (Math.floor(epochMs / DAY_MS) + 1) * DAY_MS;
}

function checkLimit(name: string, limit: number | undefined): void {
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) {
    throw new RangeError(`${name} must be an integer >= 0 or undefined, got ${limit}`);
  }
}

// A colon would let one id reach into another's key space (`tenant:a:b` could be tenant `a:b` or day `b`).
function checkId(name: string, id: string): void {
  if (id === '' || id.includes(':')) throw new RangeError(`${name} must be non-empty and contain no ':', got "${id}"`);
}
