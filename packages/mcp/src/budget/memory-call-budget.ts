import type { BudgetAcquisition, CallBudget } from '@mcptest/core';

export interface MemoryCallBudgetOptions {
  /** The run's max_calls; undefined means unlimited. */
  maxCalls?: number;
  /** The tenant's daily_call_budget, counted per UTC day in this process; undefined means unlimited. */
  dailyCallBudget?: number;
  /** Epoch milliseconds; picks the UTC day of the daily count. Injected for tests. */
  now?: () => number;
}

export interface MemoryCallBudgetUsage {
  run: { used: number; limit: number | undefined };
  tenantDaily: { day: string; used: number; limit: number | undefined };
}

export interface MemoryCallBudget extends CallBudget {
  /** Current counts and limits (the daily count of today's UTC day, 0 once a new day has begun). */
  usage(): Promise<MemoryCallBudgetUsage>;
}

/**
 * The call budget for the CLI, which runs with no services: the same semantics as the Redis budget in packages/queue
 * (run limit checked first, then the daily limit; a refused acquisition takes nothing), kept in this object. JavaScript
 * runs one callback at a time, so the check-and-increment below is atomic without locks. One instance serves one run;
 * the daily count lives in the same instance, which for the CLI (one run per process) is the process's day.
 */
export function createMemoryCallBudget(options: MemoryCallBudgetOptions = {}): MemoryCallBudget {
  const { maxCalls, dailyCallBudget, now = Date.now } = options;
  checkLimit('maxCalls', maxCalls);
  checkLimit('dailyCallBudget', dailyCallBudget);
  let runUsed = 0;
  let daily = { day: utcDay(now()), used: 0 };

  const today = () => {
    const day = utcDay(now());
    if (day !== daily.day) daily = { day, used: 0 };
    return daily;
  };

  return {
    acquire(): Promise<BudgetAcquisition> {
      const counter = today();
      if (maxCalls !== undefined && runUsed >= maxCalls) {
        return Promise.resolve({ ok: false, exhausted: { limit: maxCalls, scope: 'run' } });
      }
      if (dailyCallBudget !== undefined && counter.used >= dailyCallBudget) {
        return Promise.resolve({ ok: false, exhausted: { limit: dailyCallBudget, scope: 'tenant_daily' } });
      }
      runUsed += 1;
      counter.used += 1;
      return Promise.resolve({ ok: true });
    },
    used() {
      return Promise.resolve(runUsed);
    },
    usage() {
      const counter = today();
      return Promise.resolve({
        run: { used: runUsed, limit: maxCalls },
        tenantDaily: { day: counter.day, used: counter.used, limit: dailyCallBudget },
      });
    },
  };
}

/** `YYYY-MM-DD` of the UTC day containing `epochMs`. */
function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

function checkLimit(name: string, limit: number | undefined): void {
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) {
    throw new RangeError(`${name} must be an integer >= 0 or undefined, got ${limit}`);
  }
}
