import { requestAllowance, type BudgetAcquisition, type BudgetExhausted, type CallBudget } from '@mcptest/core';

export interface MemoryCallBudgetOptions {
  /** The run's max_calls; undefined means unlimited. */
  maxCalls?: number | undefined;
  /** The tenant's daily_call_budget, counted per UTC day in this process; undefined means unlimited. */
  dailyCallBudget?: number | undefined;
  /** Epoch milliseconds; picks the UTC day of the daily count. Injected for tests. */
  now?: () => number;
}

export interface MemoryCallBudgetUsage {
  run: { used: number; limit: number | undefined };
  tenantDaily: { day: string; used: number; limit: number | undefined };
  /** HTTP requests, against the allowances derived from the call limits (`requestAllowance`). */
  requests: {
    run: { used: number; limit: number | undefined };
    tenantDaily: { day: string; used: number; limit: number | undefined };
  };
}

export interface MemoryCallBudget extends CallBudget {
  /** Current counts and limits (the daily count of today's UTC day, 0 once a new day has begun). */
  usage(): Promise<MemoryCallBudgetUsage>;
}

/**
 * The call budget for the CLI, which runs with no services: the same semantics as the Redis budget in packages/redis
 * (run limit checked first, then the daily limit; a refused acquisition takes nothing), kept in this object. JavaScript
 * runs one callback at a time, so the check-and-increment below is atomic without locks. One instance serves one run;
 * the daily count lives in the same instance, which for the CLI (one run per process) is the process's day.
 */
export function createMemoryCallBudget(options: MemoryCallBudgetOptions = {}): MemoryCallBudget {
  const { maxCalls, dailyCallBudget, now = Date.now } = options;
  checkLimit('maxCalls', maxCalls);
  checkLimit('dailyCallBudget', dailyCallBudget);
  const calls = counter(now, maxCalls, dailyCallBudget, undefined);
  const requests = counter(
    now,
    requestAllowance(maxCalls, 'run'),
    requestAllowance(dailyCallBudget, 'tenant_daily'),
    'requests',
  );
  return {
    acquire: () => Promise.resolve(calls.acquire()),
    acquireRequest: () => Promise.resolve(requests.acquire()),
    used: () => Promise.resolve(calls.usage().run.used),
    requestsUsed: () => Promise.resolve(requests.usage().run.used),
    usage: () => Promise.resolve({ ...calls.usage(), requests: requests.usage() }),
  };
}

/** One counted thing against a run limit (checked first) and a daily limit; a refusal takes nothing. */
function counter(now: () => number, runLimit: number | undefined, dailyLimit: number | undefined, unit?: 'requests') {
  let runUsed = 0;
  // The day's number decides when the count starts again; its `YYYY-MM-DD` (for usage()) is formatted only then,
  // not before every call and request, where formatting a date showed in the runner's profile.
  let daily = { index: dayIndex(now()), day: utcDay(now()), used: 0 };
  const today = () => {
    const at = now();
    const index = dayIndex(at);
    if (index !== daily.index) daily = { index, day: utcDay(at), used: 0 };
    return daily;
  };
  const refuse = (limit: number, scope: BudgetExhausted['scope']): BudgetAcquisition => ({
    ok: false,
    exhausted: { limit, scope, ...(unit === undefined ? {} : { unit }) },
  });
  return {
    acquire(): BudgetAcquisition {
      const count = today();
      if (runLimit !== undefined && runUsed >= runLimit) return refuse(runLimit, 'run');
      if (dailyLimit !== undefined && count.used >= dailyLimit) return refuse(dailyLimit, 'tenant_daily');
      runUsed += 1;
      count.used += 1;
      return { ok: true };
    },
    usage() {
      const count = today();
      return {
        run: { used: runUsed, limit: runLimit },
        tenantDaily: { day: count.day, used: count.used, limit: dailyLimit },
      };
    },
  };
}

/** `YYYY-MM-DD` of the UTC day containing `epochMs`. */
function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** The UTC day containing `epochMs` as days since the epoch (UTC days have no leap seconds in epoch time). */
function dayIndex(epochMs: number): number {
  return Math.floor(epochMs / 86_400_000);
}

function checkLimit(name: string, limit: number | undefined): void {
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) {
    throw new RangeError(`${name} must be an integer >= 0 or undefined, got ${limit}`);
  }
}
