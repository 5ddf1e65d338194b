import { type BudgetExhausted, type CallBudget, type OutboundGate, RequestBudgetExhaustedError } from '@mcptest/core';
import { createInFlightLimiter } from '../budget/in-flight-limiter';
import { createPacer, type PacerClock, realPacerClock } from '../budget/pacer';

/**
 * Everything that stands between the executor and the server for one run: the call budget (taken before every
 * tools/call, setup steps included, and before every HTTP request through `requestGate`), the in-flight limit
 * (policy.concurrency) and the call delay (policy.call_delay_ms) for every request the executor sends.
 */
export interface CallGate {
  /**
   * Takes one tool call from the budget. Once the budget has said no (to a call or a request), every later
   * acquisition is refused without asking again: the run stops scheduling calls.
   */
  acquireToolCall(): Promise<{ ok: true } | { ok: false; exhausted: BudgetExhausted }>;
  /**
   * The run's gate in front of the SSRF-safe fetch: takes one request from the budget's request allowance before
   * every HTTP request the run sends (initialize, list pages, resources, prompts, the GET stream, each redirect hop),
   * and rejects with RequestBudgetExhaustedError, sending nothing, once the allowance is used up.
   */
  readonly requestGate: OutboundGate;
  /** Runs one request to the server under the in-flight limit, after the call delay. */
  send<T>(request: () => Promise<T>): Promise<T>;
  /** Set once the budget has refused an acquisition, of a call or of a request. */
  readonly exhausted: BudgetExhausted | undefined;
  /** Set once the request allowance has refused a request. */
  readonly requestsExhausted: BudgetExhausted | undefined;
}

export interface CallGateOptions {
  budget: CallBudget;
  concurrency: number;
  callDelayMs: number;
  clock?: PacerClock;
}

const RELEASE_NOTHING = () => undefined;

export function createCallGate(options: CallGateOptions): CallGate {
  const limiter = createInFlightLimiter(options.concurrency);
  const pacer = createPacer(options.callDelayMs, options.clock ?? realPacerClock);
  let exhausted: BudgetExhausted | undefined;
  let requestsExhausted: BudgetExhausted | undefined;
  return {
    async acquireToolCall() {
      if (exhausted) return { ok: false, exhausted };
      const acquired = await options.budget.acquire();
      if (!acquired.ok) exhausted ??= acquired.exhausted;
      return acquired;
    },
    async requestGate() {
      if (requestsExhausted) throw new RequestBudgetExhaustedError(requestsExhausted);
      const acquired = await options.budget.acquireRequest();
      if (acquired.ok) return RELEASE_NOTHING;
      requestsExhausted ??= acquired.exhausted;
      exhausted ??= acquired.exhausted;
      throw new RequestBudgetExhaustedError(acquired.exhausted);
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
    get requestsExhausted() {
      return requestsExhausted;
    },
  };
}
