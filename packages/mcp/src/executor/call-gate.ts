import type { BudgetExhausted, CallBudget } from '@mcptest/core';
import { createInFlightLimiter } from '../budget/in-flight-limiter';
import { createPacer, type PacerClock, realPacerClock } from '../budget/pacer';

/**
 * Everything that stands between the executor and the server for one run: the call budget (taken before every
 * tools/call, setup steps included), the in-flight limit (policy.concurrency) and the call delay (policy.call_delay_ms)
 * for every request the executor sends.
 */
export interface CallGate {
  /**
   * Takes one tool call from the budget. Once the budget has said no, every later acquisition is refused without
   * asking again: the run stops scheduling calls.
   */
  acquireToolCall(): Promise<{ ok: true } | { ok: false; exhausted: BudgetExhausted }>;
  /** Runs one request to the server under the in-flight limit, after the call delay. */
  send<T>(request: () => Promise<T>): Promise<T>;
  /** Set once the budget has refused an acquisition. */
  readonly exhausted: BudgetExhausted | undefined;
}

export interface CallGateOptions {
  budget: CallBudget;
  concurrency: number;
  callDelayMs: number;
  clock?: PacerClock;
}

export function createCallGate(options: CallGateOptions): CallGate {
  const limiter = createInFlightLimiter(options.concurrency);
  const pacer = createPacer(options.callDelayMs, options.clock ?? realPacerClock);
  let exhausted: BudgetExhausted | undefined;
  return {
    async acquireToolCall() {
      if (exhausted) return { ok: false, exhausted };
      const acquired = await options.budget.acquire();
      if (!acquired.ok) exhausted ??= acquired.exhausted;
      return acquired;
    },
    send(request) {
      return limiter.run(async () => {
        await pacer.wait();
        return request();
      });
    },
    get exhausted() {
      return exhausted;
    },
  };
}
