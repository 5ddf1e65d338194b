/**
 * The call budget as the executor sees it (DESIGN.md, "Execution safety policy"). Implementations: Redis with atomic
 * Lua in packages/redis (hosted runs, shared by every worker), and in-process for the CLI.
 *
 * Two things are counted, each against its own limits: tool calls (`tools/call`, setup steps included) and HTTP
 * requests (every request a run sends: initialize, notifications, list pages, resources, prompts, completions, the
 * session's GET stream and DELETE, each redirect hop). The request allowance is derived from the call limits
 * ({@link requestAllowance}), so a suite that makes few tool calls cannot make unbounded other requests.
 */

/** What a budget counts: tool calls, or HTTP requests of any kind. */
export type BudgetUnit = 'calls' | 'requests';

/** Which limit ran out: the run's max_calls, or the tenant's daily_call_budget (or the allowance derived from one). */
export interface BudgetExhausted {
  /** The limit that was reached (number of calls, or of requests when `unit` is `requests`). */
  limit: number;
  scope: 'run' | 'tenant_daily';
  /** Absent for tool calls (the original meaning); `requests` for the request allowance. */
  unit?: 'requests' | undefined;
}

export type BudgetAcquisition = { ok: true } | { ok: false; exhausted: BudgetExhausted };

export interface CallBudget {
  /**
   * Takes one call from every limit that applies, atomically: with limit N exactly N acquisitions succeed however
   * many callers race, and a refused acquisition takes nothing. Call it right before each tools/call; on
   * `ok: false` stop scheduling calls (the remaining assertions are SKIP with `budgetExhaustedMessage`).
   */
  acquire(): Promise<BudgetAcquisition>;
  /**
   * Takes one HTTP request from the request allowance of every scope, with the same atomicity. The SSRF-safe fetch
   * calls it (through the run's outbound gate) before every request it sends, tools/call included.
   */
  acquireRequest(): Promise<BudgetAcquisition>;
  /** Calls acquired so far in this run. */
  used(): Promise<number>;
  /** Requests acquired so far in this run. */
  requestsUsed(): Promise<number>;
}

/**
 * HTTP requests allowed for every tool call of a limit. One assertion on its own session sends about six: initialize,
 * notifications/initialized, the GET stream, tools/list (once per run and connection), tools/call, DELETE; resource,
 * prompt and completion checks send their own instead of tools/call. Ten leaves room for setup steps, redirects and
 * list pages without letting a suite of "free" requests run unbounded.
 */
export const REQUESTS_PER_CALL = 10;
/** Requests a run may send on top of `REQUESTS_PER_CALL` per call (sessions of assertions that call no tool). */
export const REQUESTS_PER_RUN_BASE = 20;

/**
 * The request allowance of a call limit: `calls × REQUESTS_PER_CALL`, plus `REQUESTS_PER_RUN_BASE` for a run's limit.
 * Unlimited calls mean unlimited requests (the CLI without max_calls; hosted runs always have the plan's caps).
 */
export function requestAllowance(calls: number | undefined, scope: BudgetExhausted['scope']): number | undefined {
  if (calls === undefined) return undefined;
  return calls * REQUESTS_PER_CALL + (scope === 'run' ? REQUESTS_PER_RUN_BASE : 0);
}

/** The SKIP reason for an assertion that was not run because the budget ran out. */
export function budgetExhaustedMessage(exhausted: BudgetExhausted): string {
  if (exhausted.unit === 'requests') {
    return exhausted.scope === 'run'
      ? `request budget exhausted: this run may send at most ${exhausted.limit} HTTP requests ` +
          `(${REQUESTS_PER_CALL} per call of max_calls + ${REQUESTS_PER_RUN_BASE})`
      : `request budget exhausted: the tenant's daily limit of ${exhausted.limit} HTTP requests is used up ` +
          `(${REQUESTS_PER_CALL} per call of daily_call_budget)`;
  }
  return exhausted.scope === 'run'
    ? `call budget exhausted: this run may make at most ${exhausted.limit} tool calls (max_calls)`
    : `call budget exhausted: the tenant's daily limit of ${exhausted.limit} tool calls is used up (daily_call_budget)`;
}

/**
 * Thrown by a run's outbound gate when the request allowance refuses a request: nothing was sent. The executor turns
 * it into SKIP (with {@link budgetExhaustedMessage}) for the assertion and every later one, like tool calls.
 */
export class RequestBudgetExhaustedError extends Error {
  readonly code = 'request_budget_exhausted' as const;
  override readonly name = 'RequestBudgetExhaustedError';

  constructor(readonly exhausted: BudgetExhausted) {
    super(budgetExhaustedMessage(exhausted));
  }
}
