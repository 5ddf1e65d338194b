import { requestAllowance, type BudgetAcquisition, type CallBudget } from '@mcptest/core';
import { redisKey, type Redis } from '../redis';
import { tenantTag } from '../key-tags';

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
 * caller from its own clock, which keeps the daily key's end tied to the caller's notion of the day. The same script
 * counts tool calls and requests (each on keys of their own); a tenant-only count (discovery in the web app) passes
 * ARGV[5] = 0 and leaves the run key alone.
 *
 * KEYS: run counter, tenant daily counter. ARGV: run limit (-1 unlimited), daily limit (-1 unlimited), run key TTL
 * ms, daily key TTL ms, 1 to count the run (0 not). Returns {status, run count, daily count} with status 0 acquired,
 * 1 run limit, 2 daily limit.
 */
const ACQUIRE_LUA = `
local counted = ARGV[5] ~= '0'
local run = 0
if counted then run = tonumber(redis.call('GET', KEYS[1]) or '0') end
local daily = tonumber(redis.call('GET', KEYS[2]) or '0')
local runLimit = tonumber(ARGV[1])
local dailyLimit = tonumber(ARGV[2])
if counted and runLimit >= 0 and run >= runLimit then return {1, run, daily} end
if dailyLimit >= 0 and daily >= dailyLimit then return {2, run, daily} end
if counted then
  run = redis.call('INCR', KEYS[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
daily = redis.call('INCR', KEYS[2])
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
    countRun: 0 | 1,
  ): Promise<[number, number, number]>;
}

export interface RedisCallBudgetOptions {
  redis: Redis;
  /** REDIS_PREFIX of the deployment (a unique one per test file). */
  prefix: string;
  tenantId: string;
  runId: string;
  /** The run's max_calls; undefined means unlimited. */
  maxCalls?: number | undefined;
  /** The tenant's daily_call_budget, per UTC day; undefined means unlimited. */
  dailyCallBudget?: number | undefined;
  /** Epoch milliseconds; picks the UTC day and the daily key's expiry. Injected for tests. */
  now?: () => number;
}

export interface RedisCallBudgetUsage {
  run: { used: number; limit: number | undefined };
  /** The count of the UTC day `now()` falls in (0 once a new day has begun). */
  tenantDaily: { day: string; used: number; limit: number | undefined };
  /** HTTP requests, against the allowances derived from the call limits (`requestAllowance`). */
  requests: {
    run: { used: number; limit: number | undefined };
    tenantDaily: { day: string; used: number; limit: number | undefined };
  };
}

export interface RedisCallBudget extends CallBudget {
  usage(): Promise<RedisCallBudgetUsage>;
}

/*
 * Every budget key carries its tenant's hash tag `{t:<tenantId>}`, the run's keys too: the acquire script counts a
 * run and its tenant's day together, so on Redis Cluster both must sit in one slot.
 */

/** `<prefix>:{t:<tenantId>}:budget:run:<runId>`: calls made by one run, across every worker that executes part of it. */
export function runBudgetKey(prefix: string, tenantId: string, runId: string): string {
  return redisKey(prefix, tenantTag(tenantId), 'budget', 'run', runId);
}

/** `<prefix>:{t:<tenantId>}:budget:day:<YYYY-MM-DD>`: calls made by a tenant on one UTC day. */
export function tenantDailyBudgetKey(prefix: string, tenantId: string, day: string): string {
  return redisKey(prefix, tenantTag(tenantId), 'budget', 'day', day);
}

/** `<prefix>:{t:<tenantId>}:budget:requests:run:<runId>`: HTTP requests sent by one run, across every worker. */
export function runRequestsKey(prefix: string, tenantId: string, runId: string): string {
  return redisKey(prefix, tenantTag(tenantId), 'budget', 'requests', 'run', runId);
}

/** `<prefix>:{t:<tenantId>}:budget:requests:day:<YYYY-MM-DD>`: HTTP requests of a tenant on one UTC day. */
export function tenantDailyRequestsKey(prefix: string, tenantId: string, day: string): string {
  return redisKey(prefix, tenantTag(tenantId), 'budget', 'requests', 'day', day);
}

/** `YYYY-MM-DD` of the UTC day containing `epochMs`. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/**
 * The call budget of one run on Redis, shared by every worker: with limit N exactly N acquisitions succeed however
 * many processes race, because the check and both increments happen in one Lua script. Counts are kept even for an
 * unlimited scope, so usage can be shown. Both keys carry the tenant's hash tag, so on Redis Cluster they share a slot.
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
  const runKey = runBudgetKey(prefix, tenantId, runId);
  const requestsKey = runRequestsKey(prefix, tenantId, runId);
  const maxRequests = requestAllowance(maxCalls, 'run');
  const dailyRequests = requestAllowance(dailyCallBudget, 'tenant_daily');

  const acquireCalls = acquirer(commands, now, {
    runKey,
    dailyKey: (day) => tenantDailyBudgetKey(prefix, tenantId, day),
    runLimit: maxCalls,
    dailyLimit: dailyCallBudget,
  });
  const acquireRequests = acquirer(commands, now, {
    runKey: requestsKey,
    dailyKey: (day) => tenantDailyRequestsKey(prefix, tenantId, day),
    runLimit: maxRequests,
    dailyLimit: dailyRequests,
    unit: 'requests',
  });

  return {
    acquire: acquireCalls,
    acquireRequest: acquireRequests,
    async used() {
      return Number((await redis.get(runKey)) ?? 0);
    },
    async requestsUsed() {
      return Number((await redis.get(requestsKey)) ?? 0);
    },
    async usage() {
      const day = utcDay(now());
      const [run, daily, runRequests, dailyRequestsUsed] = await redis.mget(
        runKey,
        tenantDailyBudgetKey(prefix, tenantId, day),
        requestsKey,
        tenantDailyRequestsKey(prefix, tenantId, day),
      );
      return {
        run: { used: Number(run ?? 0), limit: maxCalls },
        tenantDaily: { day, used: Number(daily ?? 0), limit: dailyCallBudget },
        requests: {
          run: { used: Number(runRequests ?? 0), limit: maxRequests },
          tenantDaily: { day, used: Number(dailyRequestsUsed ?? 0), limit: dailyRequests },
        },
      };
    },
  };
}

/**
 * The tenant's daily request allowance alone, for outbound requests that belong to no run: discovery and connection
 * tests from the web app. They count against the same daily key as runs' requests.
 */
export function createTenantRequestBudget(options: {
  redis: Redis;
  prefix: string;
  tenantId: string;
  /** The tenant's daily_call_budget (capped by the plan); the allowance is derived from it. */
  dailyCallBudget?: number;
  now?: () => number;
}): { acquireRequest(): Promise<BudgetAcquisition> } {
  const { redis, prefix, tenantId, dailyCallBudget, now = Date.now } = options;
  checkId('tenantId', tenantId);
  checkLimit('dailyCallBudget', dailyCallBudget);
  redis.defineCommand(COMMAND, { numberOfKeys: 2, lua: ACQUIRE_LUA });
  const acquireRequest = acquirer(redis as Redis & BudgetCommands, now, {
    runKey: undefined,
    dailyKey: (day) => tenantDailyRequestsKey(prefix, tenantId, day),
    runLimit: undefined,
    dailyLimit: requestAllowance(dailyCallBudget, 'tenant_daily'),
    unit: 'requests',
  });
  return { acquireRequest };
}

/** One counted thing (calls or requests) against its run and daily limits, through the one script. */
function acquirer(
  commands: Redis & BudgetCommands,
  now: () => number,
  counter: {
    /** Undefined: not counted per run (tenant-only). */
    runKey: string | undefined;
    dailyKey: (day: string) => string;
    runLimit: number | undefined;
    dailyLimit: number | undefined;
    unit?: 'requests';
  },
): () => Promise<BudgetAcquisition> {
  const unit = counter.unit === undefined ? {} : { unit: counter.unit };
  return async () => {
    const at = now();
    const dailyKey = counter.dailyKey(utcDay(at));
    const dailyTtlMs = Math.ceil(nextUtcMidnight(at) - at + DAILY_BUDGET_KEY_GRACE_MS);
    const [status] = await commands[COMMAND](
      // An unused run key still has to be a key of this deployment (and the same slot on a cluster).
      counter.runKey ?? dailyKey,
      dailyKey,
      counter.runLimit ?? -1,
      counter.dailyLimit ?? -1,
      RUN_BUDGET_KEY_TTL_MS,
      dailyTtlMs,
      counter.runKey === undefined ? 0 : 1,
    );
    if (status === 0) return { ok: true };
    if (status === 1 && counter.runLimit !== undefined) {
      return { ok: false, exhausted: { limit: counter.runLimit, scope: 'run', ...unit } };
    }
    if (status === 2 && counter.dailyLimit !== undefined) {
      return { ok: false, exhausted: { limit: counter.dailyLimit, scope: 'tenant_daily', ...unit } };
    }
    throw new Error(`call budget script answered status ${status}`);
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
